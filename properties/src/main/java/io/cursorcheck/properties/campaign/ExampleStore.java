package io.cursorcheck.properties.campaign;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.io.SetupProblem;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The example database, the way Hypothesis keeps its examples: a counterexample that a random run
 * finds against a conforming variant is saved as {@code <store>/<variant>/<slug>.json}, and the next
 * random run of that variant replays the stored ones first, before any random sequence. The files
 * are counterexample files ({@link Counterexample}), so {@code bin/cursorcheck replay FILE} replays one.
 *
 * <p>What is kept: failures of a {@link Variant.Conformance#CONFORMS conforming} variant itself.
 * Not findings against the model, known or new (they are SPEC's, not the variant's), and not the
 * failures of the mutants, the controls or {@code dirty-flag}, which fail by design: their examples
 * would only say what every run says.
 *
 * <p>An example that now passes is kept and reported as passing, never deleted: the store is
 * git-ignored by default but may be committed on purpose ({@code git add -f}), and a committed
 * example must not vanish silently. Delete it (or {@code git rm} it) when it is no longer wanted.
 *
 * <p>Where: {@code .cursorcheck/examples/} under the project root, or the directory given by
 * {@code -Dcursorcheck.examples} (the PIT profile sends it to {@code target/}, so that PIT's byte-code
 * mutants leave no examples behind). A run must not depend on the store to pass: a fresh clone has
 * none. A file that is not a counterexample file of its variant is an error that names it.
 *
 * <p>Thread-safe as far as the file system is: one run at a time per store.
 */
public final class ExampleStore {

    /**
     * A stored example that cannot be replayed (not a counterexample file, or one of another
     * subject): bad input in the store, named with its file, not a bug of the run.
     */
    public static final class UnreadableExample extends IllegalArgumentException implements SetupProblem {
        private static final long serialVersionUID = 1L;

        UnreadableExample(String message, Throwable cause) {
            super(message, cause);
        }

        UnreadableExample(String message) {
            super(message);
        }
    }

    /** The system property that moves the store. */
    public static final String PROPERTY = "cursorcheck.examples";

    /** The store's place under the project root. */
    public static final String DEFAULT_DIR = ".cursorcheck/examples";

    private final Path dir;
    private final Predicate<BroadcastFactory> keeps;

    /**
     * A store.
     *
     * @param dir   its directory (made on the first save)
     * @param keeps which subjects' failures it keeps and replays
     */
    public ExampleStore(Path dir, Predicate<BroadcastFactory> keeps) {
        this.dir = dir;
        this.keeps = keeps;
    }

    /** The project's store ({@code -Dcursorcheck.examples}, else {@value #DEFAULT_DIR}), for conforming variants. */
    public static ExampleStore standard() {
        String moved = System.getProperty(PROPERTY);
        Path dir = moved != null && !moved.isBlank()
                ? Path.of(moved)
                : SourceTree.root().resolve(DEFAULT_DIR);
        return new ExampleStore(dir, ExampleStore::conforming);
    }

    /** Whether a subject is a conforming variant of the registry: the only ones whose examples are kept. */
    public static boolean conforming(BroadcastFactory subject) {
        return subject instanceof Variant v && v.conformance() == Variant.Conformance.CONFORMS;
    }

    /** The store's directory. */
    public Path dir() {
        return dir;
    }

    /** Where a subject's examples live. */
    public Path dirOf(String subject) {
        return dir.resolve(subject);
    }

    /**
     * A stored example replayed.
     *
     * @param file    its file
     * @param example what the file holds
     * @param run     the replay against the subject
     */
    public record Replayed(Path file, Counterexample.Stored example, Lockstep.Run run) {
        /** Whether the subject still fails it (a finding against the model first is not the subject's failure). */
        public boolean stillFails() {
            return run.failed() && !run.failure().kind().againstModel();
        }
    }

    /**
     * What a run with the store did.
     *
     * @param subject  the subject's id
     * @param replayed the stored examples, replayed before any random sequence, in file-name order
     * @param result   the run: every stored example that still fails first in {@code found} (shrunk
     *                 and written as the random run's failures are), then the random sequences'
     *                 failures of other signatures; no random sequence ran ({@code sequences() == 0})
     *                 if a stored one still fails and the run stops at its first failure
     * @param stored   files of examples this run added to the store
     */
    public record Run(String subject, List<Replayed> replayed, RandomRun.Result result, List<Path> stored) {
        /** Whether a stored example still fails. */
        public boolean storedStillFail() {
            return replayed.stream().anyMatch(Replayed::stillFails);
        }
    }

    /**
     * Replays the subject's stored examples, then (unless one still fails and the config stops at
     * the first failure) runs the random sequences, then stores the subject's new failures. For a
     * subject the store does not keep, only the random run. Says what it does to {@code log}: which
     * examples it replays and from where, what came of each, which it stored.
     *
     * @throws IllegalArgumentException naming the file if a stored example is not a counterexample
     *                                  file of this subject
     */
    public Run run(RandomRun.Config config, RandomRun.Progress progress, Consumer<String> log) {
        BroadcastFactory subject = config.subject();
        if (!keeps.test(subject)) {
            return new Run(subject.id(), List.of(), RandomRun.run(config, progress), List.of());
        }
        long start = System.currentTimeMillis();
        List<Replayed> replayed = replay(subject, log);
        List<RandomRun.Found> found = new ArrayList<>();
        Set<String> signatures = new HashSet<>();
        for (Replayed r : replayed) {
            if (r.stillFails() && signatures.add(r.run().failure().signature())) {
                found.add(RandomRun.report(
                        config, r.run(), r.example().seed(), null, System.currentTimeMillis() - start));
            }
        }
        RandomRun.Result result;
        if (!found.isEmpty() && config.stopOnFailure()) {
            log.accept("a stored example still fails: no random sequence run");
            result = new RandomRun.Result(
                    config, 0, 0, System.currentTimeMillis() - start, new Coverage(), List.copyOf(found));
            return new Run(subject.id(), replayed, result, List.of());
        }
        RandomRun.Result random = RandomRun.run(config, progress);
        List<Path> stored = new ArrayList<>();
        for (RandomRun.Found f : random.found()) {
            if (!signatures.add(f.counterexample().failure().signature())) {
                continue; // a stored example showed it first
            }
            found.add(f);
            if (!f.counterexample().failure().kind().againstModel()) {
                Path file = save(f.counterexample());
                if (file != null) {
                    stored.add(file);
                    log.accept("stored a new example of " + subject.id() + ": " + Reports.relative(file)
                            + " (the next run replays it first)");
                }
            }
        }
        result = new RandomRun.Result(
                config,
                random.sequences(),
                random.operations(),
                random.millis(),
                random.coverage(),
                List.copyOf(found));
        return new Run(subject.id(), replayed, result, List.copyOf(stored));
    }

    /**
     * Replays every stored example of a subject, in file-name order, telling {@code log} what it
     * replays and what came of each.
     *
     * @throws IllegalArgumentException naming the file if a stored example is not a counterexample
     *                                  file of this subject
     */
    public List<Replayed> replay(BroadcastFactory subject, Consumer<String> log) {
        List<Path> files = files(subject.id());
        if (files.isEmpty()) {
            return List.of();
        }
        log.accept("replaying " + files.size() + " stored example" + (files.size() == 1 ? "" : "s") + " of "
                + subject.id() + " from " + Reports.relative(dirOf(subject.id())) + "/ first");
        List<Replayed> replayed = new ArrayList<>();
        for (Path file : files) {
            Counterexample.Stored example = read(file, subject.id());
            Replayed r = new Replayed(file, example, Lockstep.run(subject, example.script(), example.tolerance()));
            replayed.add(r);
            log.accept(
                    r.stillFails()
                            ? "  still fails: " + Reports.relative(file) + ": "
                                    + r.run().failure().title()
                            : "  now passes: " + Reports.relative(file) + " (kept; delete it to stop replaying it)");
        }
        return List.copyOf(replayed);
    }

    /** A subject's stored example files, in name order; none if its directory does not exist. */
    public List<Path> files(String subject) {
        Path d = dirOf(subject);
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(d)) {
            return entries.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the stored examples in " + d, e);
        }
    }

    /**
     * Stores a counterexample as {@code <subject>/<slug>.json}, unless the same script is stored
     * already or it is a finding against the model. Which subjects to keep is the caller's choice
     * ({@link #run} asks the store's predicate).
     *
     * @return the new file, or null if nothing was stored
     */
    public Path save(Counterexample cx) {
        if (cx.failure().kind().againstModel()) {
            return null; // SPEC's finding, not the variant's
        }
        Path file = dirOf(cx.subject()).resolve(cx.slug() + ".json");
        if (Files.exists(file)) {
            return null;
        }
        // Written aside and moved into place: an interrupted run never leaves half a file that would
        // stop the next run (files() lists only *.json, so a stray .tmp is ignored).
        Path aside = null;
        try {
            Files.createDirectories(file.getParent());
            aside = Files.createTempFile(file.getParent(), "." + cx.slug() + "-", ".tmp");
            cx.write(aside);
            Files.move(aside, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException("cannot store the example " + file, e);
            try {
                if (aside != null) {
                    Files.deleteIfExists(aside);
                }
            } catch (IOException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        }
        return file;
    }

    /** Reads a stored example; every way a file can be wrong ends in one error that names it. */
    private static Counterexample.Stored read(Path file, String subject) {
        Counterexample.Stored example;
        try {
            example = Counterexample.read(file);
        } catch (IOException | RuntimeException e) {
            throw new UnreadableExample(
                    "stored example " + Reports.relative(file) + " is not a readable" + " counterexample file ("
                            + e.getMessage() + "); fix it or delete it",
                    e);
        }
        if (!subject.equals(example.subject())) {
            throw new UnreadableExample("stored example " + Reports.relative(file) + " is an example of '"
                    + example.subject() + "', not of '" + subject + "' whose examples it sits with; move it or"
                    + " delete it");
        }
        return example;
    }
}
