/**
 * Deliberately broken variants of the implementations, the negative controls of every checker.
 *
 * <p>A mutant is a small patch of the real source of {@code impl}, compiled in memory into a
 * package of its own: it can never drift from the code it mutates, and a patch that no longer
 * applies fails loudly. Mutants never live in {@code impl/}.
 */
package io.cursorcheck.properties.mutants;
