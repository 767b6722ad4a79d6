/**
 * How a release's difference from the model is judged: the guarantees of spec §3 as seen from outside, the
 * documented earlier semantics of spec §6, the known findings, and the patterns a run must reach.
 */
package io.cursorcheck.conformance.judge;
