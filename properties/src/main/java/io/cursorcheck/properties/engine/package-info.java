/**
 * The lockstep core: scripts and their generator, the lockstep pair of an implementation and the
 * model, the shrinker and the shortest-counterexample search, coverage, tolerance of known
 * findings, and the exact state keys the explorer deduplicates on.
 *
 * <p>It depends only on the operation language and registry above it ({@code io.cursorcheck.properties})
 * and on {@code io}; the explorer, the reports, the campaign and the mutants all depend on it, never the
 * reverse. Pinned by {@code ArchitectureTest}.
 */
package io.cursorcheck.properties.engine;
