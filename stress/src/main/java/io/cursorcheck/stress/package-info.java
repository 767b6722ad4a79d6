/**
 * jcstress tests of the thread-safe broadcasts ({@code *Stress}), each probing one race of
 * concurrent cursor updates, each outcome naming the invariant it guards; every test runs against
 * {@code LockedCountBroadcast}, {@code PublishedCursorBroadcast} and a racy twin that the test must
 * catch. {@link io.cursorcheck.stress.StressRun} runs them and sums the results;
 * {@link io.cursorcheck.stress.StressGate} grades a run against every pair that
 * {@link io.cursorcheck.stress.DeclaredTests} finds declared; {@link io.cursorcheck.stress.StressReport}
 * writes the report.
 *
 * <p>Why each test repeats a short nested class per subject: jcstress only sees the actors, arbiter
 * and outcomes declared on the annotated class itself (inherited actors are not found), so each
 * subject is a nested class whose members delegate to the test's shared {@code Scene}, and the
 * outcome annotations are repeated on each. The annotations, the options and the twins are those of
 * properties' race catalogue ({@code io.cursorcheck.properties.race.RaceCatalogue}), which Fray and
 * Lincheck read; a test of this module holds the two equal.
 */
package io.cursorcheck.stress;
