/**
 * Making a counterexample short: the {@code Shrinker} (to a 1-minimal script that fails the same way) and,
 * after it, the {@code ShortestSearch} over the shrunk script's {@code Alphabet}, whose result a
 * counterexample carries as its {@code Minimality}.
 *
 * <p>It runs the lockstep core ({@code engine}), which never imports it back; pinned by
 * {@code ArchitectureTest} (rule "engine never imports engine.shrink").
 */
package io.cursorcheck.properties.engine.shrink;
