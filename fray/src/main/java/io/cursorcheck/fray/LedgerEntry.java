package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * One Fray test method's account, as the test extension wrote it ({@code target/fray-results/*.properties}).
 *
 * @param race        the race's short name, e.g. {@code CountRace}
 * @param subject     a variant's name or a twin's id
 * @param verdict     {@code PASSED} (every schedule allowed), {@code CAUGHT} (a forbidden outcome), or {@code ERROR}
 * @param iterations  schedules run (up to and with the first failure)
 * @param wallMillis  wall time until the first failure, or of every schedule when none failed
 * @param reason      why it failed, or empty
 * @param saved       the folder the failure was saved to, or empty
 * @param memoryOps   whether Fray also switched threads at memory accesses (interleaveMemoryOps; our own
 *                    launcher), not only at synchronisation (Fray's JUnit extension)
 */
public record LedgerEntry(
        String race,
        String subject,
        String verdict,
        int iterations,
        long wallMillis,
        String reason,
        String saved,
        boolean memoryOps) {

    /** Whether the subject is a racy twin. */
    public boolean twin() {
        return Subjects.isRacyTwin(subject);
    }

    /**
     * Reads every ledger file of a folder, sorted by race and subject.
     *
     * @throws IOException              if the folder cannot be read
     * @throws IllegalArgumentException if a file lacks a field or has a number that is not one
     */
    public static List<LedgerEntry> readAll(Path folder) throws IOException {
        List<LedgerEntry> entries = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return entries;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".properties"))
                    .sorted()
                    .toList()) {
                Properties p = new Properties();
                try (InputStream in = Files.newInputStream(f)) {
                    p.load(in);
                }
                entries.add(new LedgerEntry(
                        field(p, "race", f),
                        field(p, "subject", f),
                        field(p, "verdict", f),
                        number(p, "iterations", f),
                        number(p, "wallMillis", f),
                        p.getProperty("reason", ""),
                        p.getProperty("saved", ""),
                        flag(p, "memoryOps", f)));
            }
        }
        entries.sort(Comparator.comparing(LedgerEntry::race)
                .thenComparing(LedgerEntry::subject)
                .thenComparing(LedgerEntry::memoryOps));
        return entries;
    }

    private static String field(Properties p, String key, Path f) {
        String v = p.getProperty(key);
        if (v == null || v.isEmpty() || v.equals("null")) {
            throw new IllegalArgumentException(f + ": no " + key);
        }
        return v;
    }

    private static boolean flag(Properties p, String key, Path f) {
        String v = field(p, key, f);
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(f + ": " + key + " is '" + v + "', not true or false");
        }
        return Boolean.parseBoolean(v);
    }

    /**
     * The verdict as fray.md shows it: a racy twin that passed every schedule is {@code NOT CAUGHT} (its run
     * failed its purpose); otherwise the ledger's verdict, {@code PASSED}, {@code CAUGHT} or {@code ERROR}.
     */
    public String shownVerdict() {
        return twin() && verdict.equals("PASSED") ? "NOT CAUGHT" : verdict;
    }

    /** The mode's name, as fray.md shows it. */
    public String mode() {
        return memoryOps ? "memory ops" : "sync only";
    }

    private static int number(Properties p, String key, Path f) {
        String v = field(p, key, f);
        try {
            return Math.toIntExact(Long.parseLong(v));
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(f + ": " + key + " is '" + v + "', not a number", e);
        }
    }
}
