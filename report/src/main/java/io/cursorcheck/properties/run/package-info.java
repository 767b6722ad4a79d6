/**
 * The random lockstep run of one subject: sequences drawn from a seed, run side by side with the model, every
 * failure shrunk, searched for a shortest script and written as a counterexample; and the gate's seed.
 */
package io.cursorcheck.properties.run;
