/**
 * A JUnit 5 entry point for projects outside this repository: {@link io.cursorcheck.junit.CursorCheck}
 * checks a user's own {@link io.cursorcheck.spi.Broadcast} against the reference model in the user's
 * own {@code mvn verify}, with the suite's lockstep engine, shrinker, counterexample pages and
 * exhaustive explorer.
 *
 * <p>Only {@link io.cursorcheck.junit.CursorCheck} and {@link io.cursorcheck.junit.BroadcastFactoryException}
 * are public; {@code SuiteFacade} is the one class that reaches the suite's engine, so a move of the
 * engine's classes touches one file here.
 */
package io.cursorcheck.junit;
