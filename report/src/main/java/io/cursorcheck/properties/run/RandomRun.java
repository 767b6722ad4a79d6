package io.cursorcheck.properties.run;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Coverage;
import io.cursorcheck.properties.engine.Deadline;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Minimality;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.engine.shrink.ShortestSearch;
import io.cursorcheck.properties.engine.shrink.Shrinker;
import io.cursorcheck.properties.report.CounterexampleWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Random lockstep sequences against one subject, on several threads, until a number of sequences
 * or a time is spent, or (optionally) the subject fails.
 *
 * <p>Reproducible: sequence {@code i} of a run with seed {@code S} has seed
 * {@code mix(S, i)}, whatever the thread that runs it; every failure records its sequence seed.
 * Each failure signature is shrunk once, searched for a shortest script ({@link ShortestSearch}) when the
 * subject can be forked, and written as a counterexample (JSON and Markdown) under
 * {@code reportDir/<subject>/}; failures against the model are matched with the known findings.
 *
 * <p>A sequence continues past a known finding in which the model breaks an invariant without throwing
 * ({@link Tolerance#of(KnownFindings, io.cursorcheck.spi.Algorithm)}, spec §3 "After a finding"): the
 * finding is counted and reported as if the sequence had stopped there, and the comparison goes on, so
 * a later failure of the subject is found, shrunk and written too (its file names what it continued past).
 * Such a sequence is also continued {@value #CONTINUATIONS_PAST_A_FINDING} more times from its finding,
 * continuation {@code k} drawn from seed {@code mix(mix(S, i), k)}; they are part of sequence {@code i}
 * (counted in its operations, not as sequences), and a failure found by one says so in its file's
 * {@code foundBy.source}, the file replaying it with one command.
 */
public final class RandomRun {

    /**
     * What to run.
     *
     * @param subject       the subject, run against the model
     * @param seed          the run's seed
     * @param sequences     how many sequences at most (Long.MAX_VALUE: until the time is up)
     * @param millis        how long at most (Long.MAX_VALUE: until the sequences are done)
     * @param maxSteps      operations per sequence at most
     * @param weights       the generator's weights
     * @param threads       worker threads
     * @param stopOnFailure stop at the subject's first failure (findings against the model never stop a run)
     * @param reportDir     where counterexamples go ({@code reports/counterexamples}), or null for none
     * @param known         the known findings against the model
     * @param subjectOnly   skip findings against the model (neither shrunk nor reported): for runs that
     *                      judge a subject, not the spec, such as the kill matrix's
     * @param shortestStates the state limit of the shortest search after each shrink ({@link ShortestSearch});
     *                      0 switches it off, leaving the shrinker's 1-minimal script
     * @param judgeSequences the sequences a verdict on this run's counts needs (its coverage floors, or the catch
     *                      of a negative control): a run whose budget ends short of them goes on past it up to
     *                      {@value #EXTENSION_CAP} times its budget (in sequences and in time); 0 for none
     */
    public record Config(
            BroadcastFactory subject,
            long seed,
            long sequences,
            long millis,
            int maxSteps,
            Weights weights,
            int threads,
            boolean stopOnFailure,
            Path reportDir,
            KnownFindings known,
            boolean subjectOnly,
            long shortestStates,
            long judgeSequences) {
        /**
         * Checks the bounds, naming the field and its value.
         *
         * @throws IllegalArgumentException if sequences, millis, maxSteps or threads is below 1, or
         *                                  shortestStates below 0
         */
        public Config {
            atLeastOne("sequences", sequences);
            atLeastOne("millis", millis);
            atLeastOne("maxSteps", maxSteps);
            atLeastOne("threads", threads);
            if (judgeSequences < 0) {
                throw new IllegalArgumentException(
                        "random run: judgeSequences must be >= 0 (0: no extension), was " + judgeSequences);
            }
            if (shortestStates < 0) {
                throw new IllegalArgumentException(
                        "random run: shortestStates must be >= 0 (0: no shortest search)," + " was " + shortestStates);
            }
        }

        /** A run never extended past its budget ({@code judgeSequences} 0). */
        public Config(
                BroadcastFactory subject,
                long seed,
                long sequences,
                long millis,
                int maxSteps,
                Weights weights,
                int threads,
                boolean stopOnFailure,
                Path reportDir,
                KnownFindings known,
                boolean subjectOnly,
                long shortestStates) {
            this(
                    subject,
                    seed,
                    sequences,
                    millis,
                    maxSteps,
                    weights,
                    threads,
                    stopOnFailure,
                    reportDir,
                    known,
                    subjectOnly,
                    shortestStates,
                    0);
        }

        /** A run whose shortest search has the default state limit ({@link ShortestSearch#defaultStateLimit()}). */
        public Config(
                BroadcastFactory subject,
                long seed,
                long sequences,
                long millis,
                int maxSteps,
                Weights weights,
                int threads,
                boolean stopOnFailure,
                Path reportDir,
                KnownFindings known,
                boolean subjectOnly) {
            this(
                    subject,
                    seed,
                    sequences,
                    millis,
                    maxSteps,
                    weights,
                    threads,
                    stopOnFailure,
                    reportDir,
                    known,
                    subjectOnly,
                    ShortestSearch.defaultStateLimit());
        }

        /** The same run with another state limit for its shortest search (0: none). */
        public Config withShortestStates(long limit) {
            return new Config(
                    subject,
                    seed,
                    sequences,
                    millis,
                    maxSteps,
                    weights,
                    threads,
                    stopOnFailure,
                    reportDir,
                    known,
                    subjectOnly,
                    limit,
                    judgeSequences);
        }

        /**
         * The same run, extended past its budget (up to {@value RandomRun#EXTENSION_CAP} times it) until
         * {@code sequences} sequences are done, so that its counts can be judged.
         */
        public Config judgedOn(long sequences) {
            return new Config(
                    subject,
                    seed,
                    this.sequences,
                    millis,
                    maxSteps,
                    weights,
                    threads,
                    stopOnFailure,
                    reportDir,
                    known,
                    subjectOnly,
                    shortestStates,
                    sequences);
        }

        private static void atLeastOne(String field, long value) {
            if (value < 1) {
                throw new IllegalArgumentException("random run: " + field + " must be >= 1, was " + value);
            }
        }

        /** A run that shrinks and reports findings against the model too. */
        public Config(
                BroadcastFactory subject,
                long seed,
                long sequences,
                long millis,
                int maxSteps,
                Weights weights,
                int threads,
                boolean stopOnFailure,
                Path reportDir,
                KnownFindings known) {
            this(subject, seed, sequences, millis, maxSteps, weights, threads, stopOnFailure, reportDir, known, false);
        }
    }

    /**
     * A failure found, shrunk and written.
     *
     * @param counterexample the shrunk counterexample
     * @param run            the lockstep run of its script
     * @param json           its JSON file, or null if none was written
     * @param page           its Markdown page, or null
     * @param known          the known finding it matches, or null
     * @param millisToFind   time from the start of the run to the unshrunk failure
     */
    public record Found(
            Counterexample counterexample,
            Lockstep.Run run,
            Path json,
            Path page,
            KnownFindings.Finding known,
            long millisToFind) {
        /** Whether this failure is a known finding against the model. */
        public boolean isKnownFinding() {
            return known != null;
        }
    }

    /**
     * What a run did.
     *
     * @param config     what it was asked
     * @param sequences  sequences run
     * @param operations operations run
     * @param millis     wall-clock time
     * @param coverage   states reached
     * @param found      failures, one per signature, in the order of their first failing sequence
     */
    public record Result(
            Config config, long sequences, long operations, long millis, Coverage coverage, List<Found> found) {
        /** Operations per second over all threads. */
        public double operationsPerSecond() {
            return operations * 1000.0 / Math.max(1, millis);
        }

        /** Failures of the subject itself (not findings against the model). */
        public List<Found> subjectFailures() {
            return found.stream()
                    .filter(f -> !f.counterexample().failure().kind().againstModel())
                    .toList();
        }

        /** Findings against the model that no known finding matches. */
        public List<Found> newFindings() {
            return found.stream()
                    .filter(f -> f.counterexample().failure().kind().againstModel() && !f.isKnownFinding())
                    .toList();
        }
    }

    /** Live counters for a progress line. */
    public static final class Progress {
        final AtomicLong sequences = new AtomicLong();
        final AtomicLong operations = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
        final AtomicLong known = new AtomicLong();

        /** Sequences so far. */
        public long sequences() {
            return sequences.get();
        }

        /** Operations so far. */
        public long operations() {
            return operations.get();
        }

        /** Failures so far, unshrunk, known findings against the model excepted. */
        public long failures() {
            return failures.get();
        }

        /** Sequences that hit a known finding against the model so far. */
        public long knownFindings() {
            return known.get();
        }
    }

    /**
     * Random continuations of a sequence from the known finding it continued past, besides its own: a
     * known finding is reached by a few sequences in a thousand, and a port's slip on a path only such
     * states lead to (end's data branch serving a stranded read) needs the right operation soon after it.
     */
    static final int CONTINUATIONS_PAST_A_FINDING = 8;

    /**
     * How far a run may go past its budget, as a multiple of it, to reach the sequences its verdict needs
     * ({@link Config#judgeSequences()}): a busy machine then costs time, not a verdict, within a known bound.
     */
    public static final int EXTENSION_CAP = 3;

    private static long capped(long budget) {
        return budget > Long.MAX_VALUE / EXTENSION_CAP ? Long.MAX_VALUE : budget * EXTENSION_CAP;
    }

    private RandomRun() {}

    /** The seed of sequence {@code index} of a run seeded {@code seed} (SplitMix64). */
    public static long sequenceSeed(long seed, long index) {
        long z = seed + (index + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Runs, reporting live counts to {@code progress}. */
    public static Result run(Config config, Progress progress) {
        long start = System.currentTimeMillis();
        long deadline = Deadline.after(start, config.millis()); // saturating: a year of millis must not wrap
        // Past its budget a run goes on only toward the sequences its verdict needs, within the cap.
        long capDeadline = Deadline.after(start, capped(config.millis()));
        long capSequences = Math.min(capped(config.sequences()), config.judgeSequences());
        AtomicLong nextIndex = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        // Per signature the failing sequence with the lowest index, whichever thread ran it first:
        // every lower index was handed out earlier and runs to its end, so the pick (and the shrunk
        // script) does not depend on thread scheduling.
        ConcurrentHashMap<String, Candidate> firsts = new ConcurrentHashMap<>();
        List<Coverage> coverages = Collections.synchronizedList(new ArrayList<>());
        Generator generator = new Generator(config.weights(), config.subject().capabilities());
        Tolerance tolerance = Tolerance.of(config.known(), config.subject().algorithm());
        List<Thread> workers = new ArrayList<>();
        List<Throwable> crashes = Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < config.threads(); t++) {
            Thread worker = new Thread(
                    () -> {
                        Coverage coverage = new Coverage();
                        coverages.add(coverage);
                        while (!stop.get()) {
                            long now = System.currentTimeMillis();
                            if (now >= capDeadline || (now >= deadline && nextIndex.get() >= capSequences)) {
                                break;
                            }
                            long index = nextIndex.getAndIncrement();
                            boolean inBudget = index < config.sequences() && now < deadline;
                            if (!inBudget && index >= capSequences) {
                                break;
                            }
                            long seed = sequenceSeed(config.seed(), index);
                            Lockstep.Run run = Lockstep.explore(
                                    config.subject(), generator, seed, config.maxSteps(), coverage.track(), tolerance);
                            progress.sequences.incrementAndGet();
                            progress.operations.addAndGet(run.script().length());
                            Lockstep.Run stopped = run.stoppedAtTolerated(); // the known finding it continued past
                            boolean hitKnown = stopped != null;
                            if (stopped != null && !config.subjectOnly()) {
                                // Reported as if the sequence had stopped there, shrunk without continuing: as before
                                // spec §3's rule.
                                pick(
                                        firsts,
                                        stopped.failure().signature(),
                                        new Candidate(
                                                index,
                                                stopped,
                                                seed,
                                                System.currentTimeMillis() - start,
                                                Tolerance.NONE,
                                                null));
                            }
                            Outcome outcome = new Outcome(config, firsts, progress, stop, tolerance, start);
                            hitKnown |= outcome.failed(run, index, seed, null);
                            if (hitKnown) {
                                progress.known.incrementAndGet();
                            }
                            // States past a known finding are rare (a few sequences in a thousand reach one) and what
                            // lies
                            // past them is reachable no other way: each one is continued several times (spec §3).
                            for (int k = 0; stopped != null && k < CONTINUATIONS_PAST_A_FINDING && !stop.get(); k++) {
                                long more = sequenceSeed(seed, k);
                                Lockstep.Run past = Lockstep.explore(
                                        config.subject(),
                                        generator,
                                        more,
                                        config.maxSteps(),
                                        coverage.track(),
                                        tolerance,
                                        stopped.script());
                                // Part of sequence `index` (the sequences counted are the seeded ones); its operations
                                // count.
                                progress.operations.addAndGet(past.script().length()
                                        - stopped.script().length());
                                outcome.failed(
                                        past,
                                        index,
                                        seed,
                                        "random sequence seed " + Long.toUnsignedString(seed)
                                                + " up to its known finding ("
                                                + stopped.failure().signature() + ", "
                                                + stopped.script().length()
                                                + " operations), continued past it with seed "
                                                + Long.toUnsignedString(more));
                            }
                        }
                    },
                    "lockstep-" + t);
            worker.setUncaughtExceptionHandler((th, e) -> {
                crashes.add(e);
                stop.set(true);
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
            }
        }
        if (!crashes.isEmpty()) {
            throw new IllegalStateException("a lockstep worker crashed", crashes.get(0));
        }
        Coverage total = new Coverage();
        coverages.forEach(total::add);
        List<Candidate> picked = new ArrayList<>(firsts.values());
        picked.sort((a, b) -> Long.compare(a.index(), b.index()));
        List<Found> ordered = new ArrayList<>();
        for (Candidate c : picked) {
            ordered.add(report(config, c.run(), c.seed(), c.source(), c.millisToFind(), c.tolerance()));
        }
        return new Result(
                config,
                progress.sequences(),
                progress.operations(),
                System.currentTimeMillis() - start,
                total,
                List.copyOf(ordered));
    }

    /**
     * A failing sequence: its index in the run, its run, its seed, when it was first seen, the findings
     * its failure was found past (it shrinks under the same rule), and how it was found when not by its
     * seed's sequence alone (a continuation past a known finding), or null.
     */
    private record Candidate(
            long index, Lockstep.Run run, long seed, long millisToFind, Tolerance tolerance, String source) {}

    /** Keeps, per signature, the candidate with the lowest index and the earliest time seen. */
    private static void pick(ConcurrentHashMap<String, Candidate> firsts, String signature, Candidate c) {
        firsts.merge(signature, c, (a, b) -> {
            Candidate low = a.index() <= b.index() ? a : b;
            return new Candidate(
                    low.index(),
                    low.run(),
                    low.seed(),
                    Math.min(a.millisToFind(), b.millisToFind()),
                    low.tolerance(),
                    low.source());
        });
    }

    /** What a worker does with a finished sequence: counts and keeps its failure. */
    private record Outcome(
            Config config,
            ConcurrentHashMap<String, Candidate> firsts,
            Progress progress,
            AtomicBoolean stop,
            Tolerance tolerance,
            long start) {
        /** Counts and keeps the run's failure, if any; says whether it is a known finding against the model. */
        boolean failed(Lockstep.Run run, long index, long seed, String source) {
            if (!run.failed()) {
                return false;
            }
            Failure failure = run.failure();
            if (config.subjectOnly() && failure.kind().againstModel()) {
                return true;
            }
            boolean known = failure.kind().againstModel()
                    && config.known() != null
                    && config.known().matching(failure, config.subject().algorithm()) != null;
            if (!known) {
                progress.failures.incrementAndGet();
            }
            pick(
                    firsts,
                    failure.signature(),
                    new Candidate(index, run, seed, System.currentTimeMillis() - start, tolerance, source));
            if (config.stopOnFailure() && !failure.kind().againstModel()) {
                stop.set(true);
            }
            return known;
        }
    }

    /**
     * Shrinks a failing run of the config's subject and writes it as a counterexample.
     *
     * @param seed   the sequence seed that found it, or null
     * @param source how it was found when not by that seed's sequence, or null
     */
    public static Found report(Config config, Lockstep.Run run, Long seed, String source, long millisToFind) {
        return report(
                config,
                run,
                seed,
                source,
                millisToFind,
                run.tolerated() == null
                        ? Tolerance.NONE
                        : Tolerance.of(config.known(), config.subject().algorithm()));
    }

    /**
     * Shrinks a failing run of the config's subject, continuing past the findings {@code tolerance} names
     * (those the run was found with), and writes it as a counterexample.
     */
    public static Found report(
            Config config, Lockstep.Run run, Long seed, String source, long millisToFind, Tolerance tolerance) {
        Shrinker.Result shrunk = new Shrinker(config.subject(), 20_000, 20_000, tolerance).shrink(run);
        // The shrinker's script is 1-minimal only; a shortest one, when the subject can be forked, replaces it.
        ShortestSearch.Result shortest = config.shortestStates() == 0
                ? null
                : ShortestSearch.search(config.subject(), shrunk.run(), tolerance, config.shortestStates());
        Lockstep.Run reported = shortest == null ? shrunk.run() : shortest.run();
        Minimality minimality = shortest == null ? null : shortest.minimality();
        if (shortest != null && reported != shrunk.run()) {
            // The search's script may sit on a larger budget or use larger sizes than it needs: simplified as the
            // shrinker would on replay, so a stored example replays to itself. Deleting steps cannot make it
            // longer, so it stays at least as short as the search's.
            reported = new Shrinker(config.subject(), 20_000, 20_000, tolerance)
                    .shrink(reported)
                    .run();
            minimality = minimality.reportedAt(reported.script().length());
        }
        Counterexample cx = new Counterexample(
                config.subject().id(),
                reported.script(),
                seed,
                config.maxSteps(),
                config.weights().toString(),
                shrunk.original(),
                shrunk.evaluations(),
                reported.failure(),
                source,
                reported.continuedPast(),
                minimality);
        KnownFindings.Finding known = cx.failure().kind().againstModel() && config.known() != null
                ? config.known().matching(cx.failure(), config.subject().algorithm())
                : null;
        Path[] files = config.reportDir() == null
                ? new Path[2]
                : CounterexampleWriter.write(
                        cx,
                        reported,
                        config.subject().description(),
                        config.subject().entryPointTest(),
                        known,
                        config.reportDir());
        return new Found(cx, reported, files[0], files[1], known, millisToFind);
    }
}
