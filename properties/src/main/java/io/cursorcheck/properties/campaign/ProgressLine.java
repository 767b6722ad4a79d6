package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.run.RandomRun;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * A live progress line while a random run works: sequences, operations, operations per second,
 * failures, time left. Rewritten in place on a terminal, printed every 10 s otherwise.
 */
public final class ProgressLine {

    private ProgressLine() {}

    /** Runs {@code work}, printing progress from {@code progress} to {@code out} until it returns. */
    public static <T> T during(
            PrintStream out, String name, RandomRun.Progress progress, long budgetMillis, Supplier<T> work) {
        boolean terminal = System.console() != null;
        long start = System.currentTimeMillis();
        Thread ticker = new Thread(
                () -> {
                    long lastPrint = 0;
                    while (!Thread.currentThread().isInterrupted()) {
                        try {
                            Thread.sleep(terminal ? 500 : 1000);
                        } catch (InterruptedException e) {
                            return;
                        }
                        long elapsed = System.currentTimeMillis() - start;
                        if (!terminal && elapsed - lastPrint < 10_000) {
                            continue;
                        }
                        lastPrint = elapsed;
                        String left = budgetMillis == Long.MAX_VALUE
                                ? ""
                                : String.format("  %ds left", Math.max(0, (budgetMillis - elapsed) / 1000));
                        String line = String.format(
                                "  %-14s %,10d sequences %,12d ops %,9.0f ops/s %,4d failures"
                                        + " %,5d known-finding hits%s",
                                name,
                                progress.sequences(),
                                progress.operations(),
                                progress.operations() * 1000.0 / Math.max(1, elapsed),
                                progress.failures(),
                                progress.knownFindings(),
                                left);
                        if (terminal) {
                            out.print("\r" + line + "   ");
                        } else {
                            out.println(line);
                        }
                        out.flush();
                    }
                },
                "progress");
        ticker.setDaemon(true);
        ticker.start();
        try {
            return work.get();
        } finally {
            ticker.interrupt();
            if (terminal) {
                out.print("\r" + " ".repeat(130) + "\r");
                out.flush();
            }
        }
    }
}
