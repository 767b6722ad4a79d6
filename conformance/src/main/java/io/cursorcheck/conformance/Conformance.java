package io.cursorcheck.conformance;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingJudge;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.judge.OutsideGuarantees;
import io.cursorcheck.conformance.judge.Patterns;
import io.cursorcheck.conformance.judge.Witnesses;
import io.cursorcheck.conformance.pages.ConformancePage;
import io.cursorcheck.conformance.pages.Reproduction;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.conformance.protocol.SubjectProtocolError;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Deadline;
import io.cursorcheck.properties.engine.Failure;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.engine.shrink.Shrinker;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance check of one release: random lockstep sequences against the model through the
 * subject protocol, every difference shrunk, replayed against the same release, classified
 * ({@link Differences}) and written to {@code reports/conformance/<release>/} with a standalone
 * JavaScript reproduction; the known findings against the model replayed on it.
 *
 * <p>One thread and one subject process (the machine has two cores; Node takes the other).
 * Reproducible: sequence {@code i} has seed {@code RandomRun.sequenceSeed(seed, i)}.
 */
public final class Conformance {

    /** The generator's weights for external subjects: the defaults without bad input. */
    public static final Weights WEIGHTS = Weights.DEFAULT.with("badInput=0");

    /** Lockstep runs one shrink may spend; each costs a few milliseconds against Node. */
    static final int SHRINK_RUNS = 3_000;
    /** Time one shrink may spend. */
    static final long SHRINK_MILLIS = 8_000;
    /** Sequences stopped by a protocol error that are logged one by one; the release's page counts them all. */
    static final int LOGGED_PROTOCOL_ERRORS = 5;
    /** Time all shrinks of a release may spend together, at least (or half the run's time if more). */
    static final long SHRINKING_MILLIS = 30_000;

    /**
     * What to run.
     *
     * @param release   the release, or null for a subject that is no release of Node or Bun (a program given by
     *                  its command, {@code bin/cursorcheck subject}): its pages go to {@code subjects/<id>/}
     *                  instead of {@code conformance/<id>/}, with no JavaScript reproduction (a replay command instead)
     * @param seed      the run's seed
     * @param millis    time for random sequences, 0 for none (only the known findings are replayed);
     *                  {@code Long.MAX_VALUE}: until {@code sequences} are done
     * @param sequences sequences at most, 0 for none; {@code Long.MAX_VALUE}: until the time is up
     * @param maxSteps  operations per sequence at most
     * @param reports   the directory to write {@code conformance/<release>/} into (a run's staging copy of
     *                  {@code reports/}), or null to write nothing
     * @param log       where progress goes
     * @param shrinkMillis time all shrinks of the release may spend together; {@link #DEFAULT_SHRINKING}: at least
     *                  {@value Conformance#SHRINKING_MILLIS} ms, or half of {@code millis} if more
     */
    public record Config(
            Release release,
            long seed,
            long millis,
            long sequences,
            int maxSteps,
            Path reports,
            PrintStream log,
            long shrinkMillis) {

        /** The shrinking time of {@link #Config(Release, long, long, long, int, Path, PrintStream)}. */
        public static final long DEFAULT_SHRINKING = -1;

        /** A config with the default shrinking time. */
        public Config(
                Release release, long seed, long millis, long sequences, int maxSteps, Path reports, PrintStream log) {
            this(release, seed, millis, sequences, maxSteps, reports, log, DEFAULT_SHRINKING);
        }

        /** The time all shrinks may spend together. */
        public long shrinking() {
            return shrinkMillis == DEFAULT_SHRINKING ? Math.max(SHRINKING_MILLIS, millis / 2) : shrinkMillis;
        }

        /**
         * Checks the fields, naming the field and its value (the command line checks its options the
         * same way; a library caller gets the same answer).
         *
         * @throws IllegalArgumentException if log is null, millis or sequences is negative,
         *                                  maxSteps is below 1, or shrinkMillis is negative but not
         *                                  {@link #DEFAULT_SHRINKING}
         */
        public Config {
            if (log == null) {
                throw new IllegalArgumentException("conformance: log must be given, was null");
            }
            if (millis < 0) {
                throw new IllegalArgumentException("conformance: millis must be >= 0, was " + millis);
            }
            if (sequences < 0) {
                throw new IllegalArgumentException("conformance: sequences must be >= 0, was " + sequences);
            }
            if (maxSteps < 1) {
                throw new IllegalArgumentException("conformance: maxSteps must be >= 1, was " + maxSteps);
            }
            if (shrinkMillis < 0 && shrinkMillis != DEFAULT_SHRINKING) {
                throw new IllegalArgumentException("conformance: shrinkMillis must be >= 0, was " + shrinkMillis);
            }
        }
    }

    /**
     * One kind of difference, shrunk and replayed.
     *
     * @param signature      the failure signature (its shape)
     * @param kind           its classification and verdict
     * @param counterexample the shrunk counterexample
     * @param run            the lockstep run of the shrunk script
     * @param replayed       whether replaying the shrunk script against the release gave the same failure
     * @param hits           random sequences that ended in this signature (a known finding's own script, which may
     *                       have found it, is none: its counterexample names it as its source, with no seed)
     * @param page           its Markdown page (that of an earlier shape whose shrunk script is the same), or
     *                       null when the run writes nothing
     * @param reproduction   the standalone reproduction run on the release: what it printed and whether it shows
     *                       the difference; null when the run writes nothing
     */
    public record Difference(
            String signature,
            Differences.Kind kind,
            Counterexample counterexample,
            Lockstep.Run run,
            boolean replayed,
            long hits,
            Path page,
            Reproduction.Check reproduction) {}

    /**
     * A known finding against the model, replayed on the release.
     *
     * @param finding the finding
     * @param run     the replay: the model fails as recorded; the subject's answers up to there
     * @param agrees  whether the release answered like the model at every step before the finding's
     */
    public record KnownReplay(KnownFindings.Finding finding, Lockstep.Run run, boolean agrees) {
        /** Whether the replay stopped at a protocol error: then it says nothing about the release. */
        public boolean protocolError() {
            return SubjectProtocolError.ended(run);
        }
    }

    /**
     * What a conformance check did.
     *
     * @param release     the release, or null for a subject that is no release ({@link Config#release()})
     * @param hello       what it said about itself
     * @param sequences   random sequences run
     * @param operations  operations run in them
     * @param millis      wall-clock time
     * @param differences one per signature, in the order found
     * @param known       the known findings replayed
     * @param knownHits   sequences that ended in a known finding against the model, by finding
     * @param restarts    subject processes restarted after a crash or hang
     * @param signatures  every difference signature seen, with the random sequences that ended in it (0 for one
     *                    only a known finding's own script showed; those past {@code differences} were not shrunk:
     *                    the time for shrinking ran out)
     * @param protocolErrors the subject's protocol errors, anywhere in the run (sequences, shrinks,
     *                    replays): a broken adapter or subject, never a difference; any fails the run
     * @param findings    each known finding against the model, judged on this release
     * @param patterns    for each pattern a run must make ({@link Patterns}), the random sequences that contained it
     * @param subject     the subject's id: the release's, or with a {@code broadcast.js} source
     *                    ({@link BroadcastSource#subjectId}) its own, so its pages do not replace the release's
     * @param algorithm   the algorithm of the reference model the run compared with ({@link ExternalSubject#algorithm()})
     * @param source      the {@code broadcast.js} the subject ran in place of the release's own, or null
     * @param witnessed   for a release, each earlier-semantics kind's witness: what the release answered at its step
     *                    and whether that shows the kind ({@link Witnesses}); empty for a subject that is no release
     */
    public record Result(
            Release release,
            Hello hello,
            long sequences,
            long operations,
            long millis,
            List<Difference> differences,
            List<KnownReplay> known,
            Map<String, Long> knownHits,
            int restarts,
            Map<String, Long> signatures,
            ExternalSubject.ProtocolErrors protocolErrors,
            List<FindingOnRelease> findings,
            Map<Patterns.Pattern, Long> patterns,
            String subject,
            Algorithm algorithm,
            ExternalSubject.LoadedSource source,
            Map<Differences.Kind, String> witnessed) {

        /** Copies the witnesses' answers. */
        public Result {
            witnessed = Map.copyOf(witnessed);
        }

        /** The result of a release's own module against the as-released model. */
        public Result(
                Release release,
                Hello hello,
                long sequences,
                long operations,
                long millis,
                List<Difference> differences,
                List<KnownReplay> known,
                Map<String, Long> knownHits,
                int restarts,
                Map<String, Long> signatures,
                ExternalSubject.ProtocolErrors protocolErrors,
                List<FindingOnRelease> findings,
                Map<Patterns.Pattern, Long> patterns) {
            this(
                    release,
                    hello,
                    sequences,
                    operations,
                    millis,
                    differences,
                    known,
                    knownHits,
                    restarts,
                    signatures,
                    protocolErrors,
                    findings,
                    patterns,
                    release.id(),
                    Algorithm.AS_RELEASED,
                    null,
                    Map.of());
        }

        /**
         * Whether the subject runs the release's own code (its module, or its embedded source loaded through
         * the loader): the known findings recorded on the release must then show as recorded.
         */
        public boolean releaseCode() {
            return source == null || source.source().builtin();
        }

        /** The patterns no sequence made, in a run long enough to need them all: a blind spot of the run. */
        public List<Patterns.Pattern> missingPatterns() {
            return Patterns.missing(sequences, patterns);
        }

        /** The same result with other differences (the history's decisions of UNDECIDED shapes). */
        public Result withDifferences(List<Difference> replaced) {
            return new Result(
                    release,
                    hello,
                    sequences,
                    operations,
                    millis,
                    List.copyOf(replaced),
                    known,
                    knownHits,
                    restarts,
                    signatures,
                    protocolErrors,
                    findings,
                    patterns,
                    subject,
                    algorithm,
                    source,
                    witnessed);
        }

        /** Differences whose verdict is not yet decided: they need a look. */
        public List<Difference> unclassified() {
            return differences.stream()
                    .filter(d -> d.kind() == Differences.Kind.UNCLASSIFIED)
                    .toList();
        }
    }

    private Conformance() {}

    /**
     * The seed of a release's sequences for a run given {@code seed}: the one derivation used by
     * {@code node --version V}, {@code node --source FILE}, the campaign and the upstream check, so that
     * the same {@code --seed} gives the same scripts to all of them (one replays another's evidence, and
     * two runs' differences can be set side by side), while different releases of one campaign get
     * different scripts.
     */
    public static long releaseSeed(long seed, Release release) {
        return seed ^ release.id().hashCode();
    }

    /** Installs the release if needed, then checks it. */
    public static Result run(Config config) throws IOException, InterruptedException {
        if (config.release() == null) {
            throw new IllegalArgumentException("conformance: release must be given to install one, was null (a"
                    + " subject that is no release runs with run(config, subject, null))");
        }
        Path binary = config.release().install(config.log());
        try (ExternalSubject subject = ExternalSubject.of(config.release(), binary)) {
            return run(config, subject, binary);
        }
    }

    /**
     * The generator's weights for a subject: {@link #WEIGHTS}, with weight 0 for each operation its
     * API cannot express (the handshake lists them, each with why). No other weight depends on the
     * subject: every pattern is drawn on every release.
     */
    public static Weights weights(Hello hello) {
        Weights w = WEIGHTS;
        for (Hello.Unsupported u : hello.unsupported()) {
            w = w.with(u.op() + "=0");
        }
        return w;
    }

    /**
     * Checks a subject; {@code binary} runs the reproductions, or is null for a subject that is no release
     * ({@link Config#release()} null), which gets none.
     */
    public static Result run(Config config, ExternalSubject subject, Path binary)
            throws IOException, InterruptedException {
        return run(config, subject, binary, new Generator(weights(subject.hello()), subject.capabilities()));
    }

    /**
     * Checks a subject with this generator (a test double may hide a pattern, to show that the run's
     * coverage check catches it); {@code binary} runs the reproductions.
     */
    static Result run(Config config, ExternalSubject subject, Path binary, Generator generator)
            throws IOException, InterruptedException {
        long start = System.currentTimeMillis();
        long deadline = Deadline.after(start, config.millis()); // saturating: Long.MAX_VALUE must not wrap
        KnownFindings known = KnownFindings.load(io.cursorcheck.properties.source.SourceTree.root());
        // config.reports() is a run's staging directory: the caller's ReportRun replaces this folder whole
        // when it publishes, so nothing of an older run is deleted before this one is complete.
        Path dir = config.reports() == null
                ? null
                : config.reports().resolve(folder(config)).resolve(subject.id());
        if (dir != null) {
            Files.createDirectories(dir); // the page is written whatever the run finds, even no difference
        }
        config.log().printf("%s: %s%n", subject.id(), subject.hello().summary());

        Patterns patterns = new Patterns();
        // Each earlier-semantics kind's witness, run on this subject once, before a shape gets that kind.
        Witnesses witnesses = Witnesses.on(subject);
        Map<String, Long> hits = new LinkedHashMap<>();
        Map<String, Long> knownHits = new LinkedHashMap<>();
        Map<String, Lockstep.Run> firsts = new LinkedHashMap<>();
        Map<String, Long> seeds = new LinkedHashMap<>(); // null: found by a known finding's own script
        Map<String, String> sources = new LinkedHashMap<>(); // how a signature found by no random sequence was found
        // The known findings judged on the release's own answers at their step, against the model's there
        // (FindingJudge): the finding's own script first, then every random sequence that hits it. A release that
        // answers otherwise than the model and breaks guarantees other than the recorded ones shows a new shape:
        // it is shrunk and classified as a difference, the shrink keeping "the model hits the finding and the
        // release differs otherwise".
        Map<String, FindingJudge.Recorded> records = new LinkedHashMap<>();
        Map<String, FindingJudge.Verdict> ownVerdicts = new LinkedHashMap<>();
        Map<String, Map<FindingOnRelease.Judgement, Long>> tallies = new LinkedHashMap<>();
        Map<String, java.util.function.Predicate<Lockstep.Run>> keeps = new LinkedHashMap<>();
        Map<String, LaterFaults.Fault> laters = new LinkedHashMap<>(); // faults after a first difference, by shape
        List<KnownReplay> replays = new ArrayList<>();
        for (KnownFindings.Finding f : known.all()) {
            FindingJudge.Recorded recorded = FindingJudge.Recorded.read(f);
            records.put(f.name(), recorded);
            Lockstep.Run run = Lockstep.run(subject, f.counterexample().script());
            replays.add(new KnownReplay(f, run, agreesBefore(subject, run)));
            if (subject.algorithm() == Algorithm.CORRECTED) {
                // No known finding is expected against the corrected model (spec §8 keeps the guarantees they
                // break): the script is one more sequence, and a difference on it is shrunk and reported like any.
                ownVerdicts.put(f.name(), underCorrection(f, run, hits, firsts, seeds, sources));
                continue;
            }
            FindingJudge.Verdict v = FindingJudge.judge(f, recorded, run, subject.algorithm());
            ownVerdicts.put(f.name(), v);
            if (v.judgement() == FindingOnRelease.Judgement.DIFFERS_OTHERWISE) {
                differsOtherwise(f, recorded, run, v, null, hits, firsts, seeds, sources, keeps, config, subject);
            }
        }

        long sequences = 0;
        long operations = 0;
        long brokenSequences = 0;
        for (long i = 0; i < config.sequences() && System.currentTimeMillis() < deadline; i++) {
            long seed = RandomRun.sequenceSeed(config.seed(), i);
            // The whole sequence: the run up to its first difference, and the release's own trace of the rest,
            // which the guarantees still judge (LaterFaults).
            Lockstep.Whole whole = Lockstep.exploreWhole(subject, generator, seed, config.maxSteps());
            Lockstep.Run run = whole.first();
            sequences++;
            operations += run.script().length();
            patterns.count(run);
            if (!run.failed()) {
                continue;
            }
            Failure f = run.failure();
            if (SubjectProtocolError.causedBy(f)) { // a broken adapter or subject: reported, never shrunk or counted
                if (++brokenSequences <= LOGGED_PROTOCOL_ERRORS) {
                    config.log()
                            .printf(
                                    "  %s: sequence %d (seed %d) stopped at a protocol error%s: %s%n",
                                    subject.id(),
                                    i,
                                    seed,
                                    brokenSequences == LOGGED_PROTOCOL_ERRORS
                                            ? " (the last one logged; the page counts" + " them all)"
                                            : "",
                                    f.subject().thrown().message());
                }
                continue;
            }
            KnownFindings.Finding k = f.kind().againstModel() ? known.matching(f, subject.algorithm()) : null;
            // A later fault: a guarantee the release breaks after the first difference, not seen up to it and, at
            // a known finding, not among the finding's recorded breaches (a new failure after a tolerated one).
            FindingJudge.Recorded rec = k == null ? null : records.get(k.name());
            for (LaterFaults.Fault later : LaterFaults.of(whole, rec == null ? java.util.Set.of() : rec.breaches())) {
                String shape = LATER + later.rule().id();
                if (hits.merge(shape, 1L, Long::sum) == 1) {
                    laters.put(shape, later);
                    seeds.put(shape, seed);
                    if (config.release() != null) { // a subject's faults are summed up by cause at the end
                        config.log()
                                .printf(
                                        "  %s: new fault after a first difference, after %d sequences: %s%n",
                                        subject.id(), sequences, later.breach());
                    }
                }
            }
            if (k != null) {
                knownHits.merge(k.name(), 1L, Long::sum);
                FindingJudge.Verdict v = FindingJudge.judge(k, records.get(k.name()), run, subject.algorithm());
                tallies.computeIfAbsent(k.name(), n -> new java.util.EnumMap<>(FindingOnRelease.Judgement.class))
                        .merge(v.judgement(), 1L, Long::sum);
                if (v.judgement() == FindingOnRelease.Judgement.DIFFERS_OTHERWISE) {
                    differsOtherwise(
                            k,
                            records.get(k.name()),
                            run,
                            v,
                            seed,
                            hits,
                            firsts,
                            seeds,
                            sources,
                            keeps,
                            config,
                            subject);
                }
                continue;
            }
            // A shape is what differs and how it is judged: two judgements of one signature are two shapes, and
            // the shrink keeps the judgement, so two behaviours never share a page.
            Differences.Kind judged = Differences.classify(subject.hello(), run, witnesses);
            String shape = shape(config, f.signature(), judged);
            if (hits.merge(shape, 1L, Long::sum) == 1) {
                firsts.put(shape, run);
                seeds.put(shape, seed);
                keeps.put(shape, r -> Differences.classify(subject.hello(), r, witnesses) == judged);
                // A subject's shapes are many symptoms of few causes: its log names the first and leaves the rest
                // to the grouping by cause at the end (Causes), so the console is not a line per shape.
                if (config.release() != null || firsts.size() == 1) {
                    config.log()
                            .printf(
                                    "  %s: %s difference after %d sequences: %s%s%n",
                                    subject.id(),
                                    config.release() != null ? "new" : "first",
                                    sequences,
                                    shape,
                                    config.release() != null
                                            ? ""
                                            : " (further shapes are counted, shrunk and grouped by cause at the end)");
                }
            }
        }

        List<Difference> differences = new ArrayList<>();
        Map<Script, Difference> written = new LinkedHashMap<>(); // shrunk script -> the shape whose page shows it
        long shrinkDeadline = Deadline.after(System.currentTimeMillis(), config.shrinking());
        if (config.release() == null && !firsts.isEmpty()) { // a subject logs its shrinking once, not per shape
            config.log().printf("  %s: shrinking %d shape(s) of difference%n", subject.id(), firsts.size());
        }
        for (Map.Entry<String, Lockstep.Run> e : firsts.entrySet()) {
            if (System.currentTimeMillis() > shrinkDeadline) {
                config.log()
                        .printf(
                                "  %s: %d more signature(s) not shrunk (time for shrinking ran out)%n",
                                subject.id(), firsts.size() - differences.size());
                break;
            }
            Difference d = report(
                    config,
                    subject,
                    binary,
                    dir,
                    e.getValue(),
                    seeds.get(e.getKey()),
                    sources.get(e.getKey()),
                    hits.get(e.getKey()),
                    generator.weights(),
                    written,
                    e.getKey(),
                    keeps.get(e.getKey()),
                    witnesses);
            differences.add(d);
        }
        int laterDone = 0;
        for (Map.Entry<String, LaterFaults.Fault> e : laters.entrySet()) {
            if (System.currentTimeMillis() > shrinkDeadline) {
                config.log()
                        .printf(
                                "  %s: %d fault(s) after a first difference not shrunk (time for shrinking ran out)%n",
                                subject.id(), laters.size() - laterDone);
                break;
            }
            laterDone++;
            Difference d = reportLater(
                    config,
                    subject,
                    dir,
                    e.getValue(),
                    seeds.get(e.getKey()),
                    hits.get(e.getKey()),
                    generator,
                    e.getKey());
            if (d != null) {
                differences.add(d);
            }
        }
        Result result = new Result(
                config.release(),
                subject.hello(),
                sequences,
                operations,
                System.currentTimeMillis() - start,
                differences,
                replays,
                knownHits,
                subject.restarts(),
                hits,
                subject.protocolErrors(),
                findings(known, ownVerdicts, tallies, records),
                patterns.counts(),
                // A release's own module is named by the release, as the index and the pages always did (a test's
                // stand-in process by the release it poses as); any other subject by its own id.
                config.release() != null && subject.source() == null && subject.algorithm() == Algorithm.AS_RELEASED
                        ? config.release().id()
                        : subject.id(),
                subject.algorithm(),
                subject.source(),
                // A release's page shows what each earlier-semantics kind's witness answered there, run or not yet.
                config.release() == null ? Map.of() : witnesses.all());
        if (dir != null) {
            Files.writeString(
                    dir.resolve("index.md"),
                    ConformancePage.version(result, subject.command()),
                    StandardCharsets.UTF_8);
        }
        return result;
    }

    /**
     * The folder of {@code reports/} a run's pages go to: {@code conformance} for a release of Node or Bun,
     * {@code subjects} for any other program ({@link Config#release()} null).
     */
    public static String folder(Config config) {
        return config.release() == null ? SUBJECTS : "conformance";
    }

    /** The folder of {@code reports/} that holds the pages of subjects that are no release. */
    public static final String SUBJECTS = "subjects";

    /**
     * Records on this release the broken behaviour of every known finding against the model: its own
     * script replayed, the release's answer at the finding's step and the guarantees it breaks there
     * ({@link FindingJudge#record}), written to {@code reports/findings/<name>/on-release.json}. Every
     * finding is replayed before any file is written, so a release that does not have one of them
     * replaces nothing.
     *
     * @throws IllegalStateException naming the finding, when the release does not break a guarantee at its step
     */
    public static List<Path> recordFindings(ExternalSubject subject, String command, PrintStream log)
            throws IOException {
        KnownFindings known = KnownFindings.load(io.cursorcheck.properties.source.SourceTree.root());
        List<FindingJudge.Recorded> records = new ArrayList<>();
        for (KnownFindings.Finding f : known.all()) {
            FindingJudge.Recorded r = FindingJudge.record(
                    f, subject.id(), Lockstep.run(subject, f.counterexample().script()), command);
            log.printf(
                    "  %s on %s: step %d breaks %s; the release answers %s%n",
                    f.name(), subject.id(), r.step(), FindingJudge.ids(r.breaches()), r.answer());
            records.add(r);
        }
        List<Path> written = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            written.add(records.get(i).write(known.all().get(i)));
        }
        return written;
    }

    /**
     * A known finding's own script replayed against the corrected model: the finding does not show when the
     * subject answers like that model to the end ({@link FindingOnRelease.Judgement#DOES_NOT_HAVE_IT}); a
     * difference there is counted under its signature, to be shrunk and reported like a random sequence's
     * (its source the finding's script), and the finding is judged
     * {@link FindingOnRelease.Judgement#DIFFERS_OTHERWISE} with that difference as its evidence.
     */
    private static FindingJudge.Verdict underCorrection(
            KnownFindings.Finding f,
            Lockstep.Run run,
            Map<String, Long> hits,
            Map<String, Lockstep.Run> firsts,
            Map<String, Long> seeds,
            Map<String, String> sources) {
        if (!run.failed()) {
            return new FindingJudge.Verdict(
                    FindingOnRelease.Judgement.DOES_NOT_HAVE_IT,
                    List.of(),
                    "runs to its end ("
                            + run.script().length() + " operations) answering like the corrected model (spec §8): the"
                            + " finding does not show");
        }
        if (SubjectProtocolError.ended(run)) {
            return new FindingJudge.Verdict(
                    FindingOnRelease.Judgement.NOT_REACHED, List.of(), "the run stopped at a protocol error");
        }
        String signature = run.failure().signature();
        hits.merge(signature, 0L, Long::sum); // seen, though not by a random sequence
        if (!firsts.containsKey(signature)) {
            firsts.put(signature, run);
            seeds.put(signature, null);
            sources.put(signature, ownScript(f));
        }
        return new FindingJudge.Verdict(
                FindingOnRelease.Judgement.DIFFERS_OTHERWISE,
                List.of(),
                "against the"
                        + " corrected model it differs at step " + run.failure().step() + ": " + signature
                        + " (shrunk and reported as a difference)");
    }

    /** Whether the subject answered like the model at every step before the failing one. */
    private static boolean agreesBefore(ExternalSubject subject, Lockstep.Run run) {
        int until = run.failed() ? run.failure().step() : run.model().size();
        for (int i = 0; i < until; i++) {
            if (run.subject().get(i).thrown() != null) {
                return false;
            }
        }
        return !run.failed() || run.failure().kind().againstModel();
    }

    /**
     * A run where the model hits a known finding and the release answers there otherwise than the model and
     * breaks guarantees other than the recorded ones: counted under its own signature, to be shrunk and
     * classified like any difference. {@code hits} counts random sequences only: the finding's own script
     * ({@code seed} null) is no random sequence, and the difference it found says so instead of a seed.
     */
    private static void differsOtherwise(
            KnownFindings.Finding f,
            FindingJudge.Recorded recorded,
            Lockstep.Run run,
            FindingJudge.Verdict v,
            Long seed,
            Map<String, Long> hits,
            Map<String, Lockstep.Run> firsts,
            Map<String, Long> seeds,
            Map<String, String> sources,
            Map<String, java.util.function.Predicate<Lockstep.Run>> keeps,
            Config config,
            ExternalSubject subject) {
        java.util.Set<OutsideGuarantees.Rule> rules = OutsideGuarantees.rules(v.breaches());
        String signature = DIFFERS_OTHERWISE + f.name() + ": " + FindingJudge.ids(rules);
        hits.merge(signature, seed == null ? 0L : 1L, Long::sum); // seen, whether or not by a random sequence
        if (!firsts.containsKey(signature)) {
            firsts.put(signature, run);
            seeds.put(signature, seed);
            if (seed == null) {
                sources.put(signature, ownScript(f));
            }
            keeps.put(signature, r -> {
                FindingJudge.Verdict w = FindingJudge.judge(f, recorded, r, subject.algorithm());
                return w.judgement() == FindingOnRelease.Judgement.DIFFERS_OTHERWISE
                        && OutsideGuarantees.rules(w.breaches()).equals(rules);
            });
            config.log()
                    .printf(
                            "  %s: at known finding %s the %s differs otherwise: %s%n",
                            subject.id(), f.name(), config.release() == null ? "subject" : "release", v.evidence());
        }
    }

    /** How a difference found by a known finding's own script, not by a random sequence, was found. */
    static String ownScript(KnownFindings.Finding f) {
        return "the own script of the known finding " + f.name() + ", reports/findings/" + f.name()
                + "/counterexample.json";
    }

    /** The prefix of the name of a shape seen after a sequence's first difference (LaterFaults). */
    static final String LATER = "AFTER-FIRST-DIFFERENCE:";

    /**
     * Shrinks a fault seen after a first difference on the release alone, and writes its page and counterexample.
     * Its counterexample's failure is the shrunk script's first difference from the model (the replay shows it);
     * the page shows the release's own answers through the breach. Null (logged) when the shrunk script no longer
     * differs from the model at all, which the checker's soundness rules out.
     */
    private static Difference reportLater(
            Config config,
            ExternalSubject subject,
            Path dir,
            LaterFaults.Fault fault,
            long seed,
            long hits,
            Generator generator,
            String shape)
            throws IOException {
        LaterFaults.Shrunk shrunk = LaterFaults.shrink(subject, fault, SHRINK_RUNS, SHRINK_MILLIS);
        Lockstep.Run lockstep = Lockstep.run(subject, shrunk.script());
        List<io.cursorcheck.properties.Observation> alone = LaterFaults.alone(subject, shrunk.script());
        int at = shrunk.breach().step();
        Differences.Kind kind = Differences.kindOf(List.of(shrunk.breach()), at < alone.size() ? alone.get(at) : null);
        boolean replayed = LaterFaults.breach(subject, shrunk.script(), fault.rule()) != null;
        if (config.release() != null || !replayed) { // a subject's faults are summed up by cause at the end
            config.log()
                    .printf(
                            "  %s: %s after a first difference, shrunk %d -> %d operations%s%n",
                            subject.id(),
                            kind.id(),
                            fault.script().length(),
                            shrunk.script().length(),
                            replayed ? "" : "; NOT REPRODUCED on replay");
        }
        if (!lockstep.failed()) {
            config.log()
                    .printf(
                            "  %s: the shrunk script of %s agrees with the model throughout; not reported%n",
                            subject.id(), shape);
            return null;
        }
        Counterexample cx = new Counterexample(
                subject.id(),
                shrunk.script(),
                seed,
                config.maxSteps(),
                generator.weights().toString(),
                fault.script().length(),
                shrunk.evaluations(),
                lockstep.failure(),
                null);
        Difference d = new Difference(shape, kind, cx, lockstep, replayed, hits, null, null);
        if (dir == null) {
            return d;
        }
        String slug = kind.id() + "-later-" + cx.slug().substring(cx.slug().lastIndexOf('-') + 1);
        Path json = dir.resolve(slug + ".json");
        cx.write(json);
        Path page = dir.resolve(slug + ".md");
        d = new Difference(shape, kind, cx, lockstep, replayed, hits, page, null);
        Files.writeString(
                page,
                ConformancePage.laterFault(
                        d, subject, json, alone, shrunk.breach(), fault.first(), config.release() == null),
                StandardCharsets.UTF_8);
        return d;
    }

    /** What joins a failure's signature and its judgement in the name of a shape. */
    static final String JUDGED = " judged ";

    /**
     * The name of a shape: what differs (the failure's signature) and how it is judged. A release's judgement is its
     * kind; a subject that is no release has no earlier semantics and no undecided shapes, so only a guarantee it
     * breaks names its judgement there.
     */
    static String shape(Config config, String signature, Differences.Kind judged) {
        if (config.release() != null) {
            return signature + JUDGED + judged.id();
        }
        return judged.verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE
                ? signature + " breaks " + judged.id()
                : signature;
    }

    /** The prefix of the signature of a release differing otherwise at a known finding's step. */
    static final String DIFFERS_OTHERWISE = "KNOWN-FINDING-DIFFERS:";

    /**
     * Each known finding judged on the release: the strongest judgement among its own script's replay and
     * the random sequences that hit it (has it, then differs otherwise, then does not have it), with the
     * evidence of the run that gave it.
     */
    private static List<FindingOnRelease> findings(
            KnownFindings known,
            Map<String, FindingJudge.Verdict> own,
            Map<String, Map<FindingOnRelease.Judgement, Long>> tallies,
            Map<String, FindingJudge.Recorded> records) {
        List<FindingOnRelease> out = new ArrayList<>();
        for (KnownFindings.Finding f : known.all()) {
            FindingJudge.Verdict v = own.get(f.name());
            Map<FindingOnRelease.Judgement, Long> t = tallies.getOrDefault(f.name(), Map.of());
            FindingOnRelease.Judgement j = v.judgement();
            String evidence = "its own script: " + v.evidence();
            for (FindingOnRelease.Judgement stronger : List.of(
                    FindingOnRelease.Judgement.HAS_IT,
                    FindingOnRelease.Judgement.DIFFERS_OTHERWISE,
                    FindingOnRelease.Judgement.DOES_NOT_HAVE_IT)) {
                if (j == stronger) {
                    break;
                }
                if (t.getOrDefault(stronger, 0L) > 0) {
                    j = stronger;
                    evidence = t.get(stronger) + " random sequence(s) hitting it judged so; " + evidence;
                    break;
                }
            }
            FindingJudge.Recorded r = records.get(f.name());
            out.add(new FindingOnRelease(f.name(), j, evidence, t, r == null ? "" : r.release()));
        }
        return out;
    }

    /**
     * Shrinks, replays, classifies and writes one signature's first run.
     *
     * @param seed   the seed of the random sequence that found it, or null when {@code source} did
     * @param source how it was found when not by a random sequence ({@link #ownScript}), or null
     * @param hits   the random sequences that ended in it
     */
    private static Difference report(
            Config config,
            ExternalSubject subject,
            Path binary,
            Path dir,
            Lockstep.Run found,
            Long seed,
            String source,
            long hits,
            Weights weights,
            Map<Script, Difference> written,
            String signature,
            java.util.function.Predicate<Lockstep.Run> keep,
            Witnesses witnesses)
            throws IOException, InterruptedException {
        Shrinker shrinker = new Shrinker(subject, SHRINK_RUNS, SHRINK_MILLIS);
        Shrinker.Result shrunk = keep == null ? shrinker.shrink(found) : shrinker.shrink(found, keep);
        // A known finding's own script is no random sequence: no seed, bound or weights, its source instead.
        Counterexample cx = seed == null
                ? new Counterexample(
                        subject.id(),
                        shrunk.script(),
                        null,
                        0,
                        null,
                        shrunk.original(),
                        shrunk.evaluations(),
                        shrunk.run().failure(),
                        source)
                : new Counterexample(
                        subject.id(),
                        shrunk.script(),
                        seed,
                        config.maxSteps(),
                        weights.toString(),
                        shrunk.original(),
                        shrunk.evaluations(),
                        shrunk.run().failure(),
                        null);
        Lockstep.Run again = Lockstep.run(subject, shrunk.script());
        boolean replayed = again.failed()
                && again.failure().signature().equals(cx.failure().signature())
                && again.failure().step() == cx.failure().step()
                && (keep == null || keep.test(again));
        Differences.Kind kind = Differences.classify(subject.hello(), cx, shrunk.run(), witnesses);
        if (config.release() != null || !replayed) { // a subject's shapes are summed up by cause at the end
            config.log()
                    .printf(
                            "  %s: %s shrunk %d -> %d operations (%s)%s%n",
                            subject.id(),
                            config.release() == null ? Causes.key(kind, cx.failure()) : kind.id(),
                            cx.original(),
                            cx.script().length(),
                            cx.failure().signature(),
                            replayed ? "" : "; NOT REPRODUCED on replay");
        }
        if (dir == null) {
            return new Difference(signature, kind, cx, shrunk.run(), replayed, hits, null, null);
        }
        // Every distinct shrunk script gets its page, its counterexample and its reproduction, run on the release:
        // a different symptom of a kind is a different script. Only an exact repeat shares the earlier page.
        Difference same = written.get(cx.script());
        if (same != null) {
            if (config.release() != null) { // a subject's page groups its shapes instead
                config.log()
                        .printf(
                                "  %s: the same shrunk script as %s%n",
                                subject.id(), same.page().getFileName());
            }
            return new Difference(signature, kind, cx, shrunk.run(), replayed, hits, same.page(), same.reproduction());
        }
        // A subject's files are named by their cause, as its page groups them; a release's by its kind.
        String slug = (config.release() == null ? Causes.key(kind, cx.failure()) : kind.id()) + "-"
                + cx.slug().substring(cx.slug().lastIndexOf('-') + 1);
        Path json = dir.resolve(slug + ".json");
        cx.write(json);
        if (binary == null) { // a subject that is no release: its page gives the commands that replay it instead
            Path page = dir.resolve(slug + ".md");
            Difference d = new Difference(signature, kind, cx, shrunk.run(), replayed, hits, page, null);
            Files.writeString(page, ConformancePage.difference(d, subject, json, null), StandardCharsets.UTF_8);
            written.put(cx.script(), d);
            return d;
        }
        Path mjs = dir.resolve(slug + ".mjs");
        // The reproduction runs the same code as the subject (for a broadcast.js source, with the loader's flags),
        // beside the model the run compared with, and prints the exact command that reruns it.
        List<String> launcher = Reproduction.launcher(binary, subject.runtimeFlags());
        String rerun = subject.source() == null
                ? null
                : Reproduction.command(launcher, io.cursorcheck.properties.report.Reports.published(mjs));
        Reproduction.write(
                mjs,
                Reproduction.of(
                        subject.id() + ": " + kind.title(),
                        shrunk.run(),
                        subject.hello(),
                        cx.failure().step(),
                        rerun,
                        subject.algorithm()));
        Reproduction.Check check =
                Reproduction.check(launcher, mjs, shrunk.run(), cx.failure().step(), subject.algorithm());
        if (!check.shows()) {
            config.log()
                    .printf(
                            "  %s: the reproduction %s does NOT show the difference: %s%n",
                            subject.id(), mjs.getFileName(), check.why());
        }
        Path page = dir.resolve(slug + ".md");
        Difference d = new Difference(signature, kind, cx, shrunk.run(), replayed, hits, page, check);
        Files.writeString(page, ConformancePage.difference(d, subject, json, mjs), StandardCharsets.UTF_8);
        written.put(cx.script(), d);
        return d;
    }
}
