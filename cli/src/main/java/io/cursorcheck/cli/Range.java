package io.cursorcheck.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a numeric option accepts, declared on its field next to its {@code @Option}: the one
 * place the range is written. {@link RangeCheck} refuses anything outside it (and any text that is
 * not a whole number, or does not fit a long) before a command runs, and {@link Usage} prints it
 * in the option's help, so the two cannot drift. On a list option it holds for every element.
 *
 * <p>Every int or long option must carry one ({@code CliOptionsTest} checks); the bounds keep
 * every product a command computes from them (seconds to milliseconds, minutes to milliseconds)
 * inside a long, and an int option's maximum inside an int.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface Range {

    /** One year in seconds: the longest a timed run may be asked to take. */
    long YEAR_SECONDS = 365L * 24 * 60 * 60;

    /** One year in minutes. */
    long YEAR_MINUTES = YEAR_SECONDS / 60;

    /** The longest random sequence: far beyond any useful one, and short enough to keep in memory. */
    long MAX_STEPS = 100_000;

    /** The most worker threads. */
    long MAX_THREADS = 1_024;

    /** The smallest value accepted. */
    long min();

    /** The largest value accepted. */
    long max();
}
