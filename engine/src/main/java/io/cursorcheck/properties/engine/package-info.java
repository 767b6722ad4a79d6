/**
 * The lockstep core: scripts and their generator, the lockstep pair of an implementation and the
 * model, failures and counterexamples, coverage, and tolerance of known findings. Two jobs live in
 * subpackages: {@code engine.key}, the exact state keys the pair writes and the explorer deduplicates on
 * (below the core: it imports none of it), and {@code engine.shrink}, the shrinker and the
 * shortest-counterexample search (above the core: they run it, it never calls them).
 *
 * <p>It depends only on the operation language and registry above it ({@code io.cursorcheck.properties})
 * and on {@code io}; the explorer, the reports, the campaign and the mutants all depend on it, never the
 * reverse. Pinned by {@code ArchitectureTest}.
 */
package io.cursorcheck.properties.engine;
