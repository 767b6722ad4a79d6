/**
 * Readable output of the engine: counterexample pages, step-by-step traces and the campaign
 * index, all in Markdown (for people) next to JSON (for tools).
 */
package io.cursorcheck.properties.report;
