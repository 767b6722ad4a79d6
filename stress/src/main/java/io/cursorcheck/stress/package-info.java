/**
 * jcstress tests of the thread-safe broadcasts ({@code *Stress}), each probing one race of
 * concurrent cursor updates, each outcome naming the invariant it guards; every test runs against
 * {@code LockedCountBroadcast}, {@code PublishedCursorBroadcast} and, where one applies, a racy
 * twin that the test must catch. {@link io.cursorcheck.stress.StressRun} runs them and writes the
 * report.
 */
package io.cursorcheck.stress;
