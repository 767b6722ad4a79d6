package io.cursorcheck.cli;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.ExternalSubject;
import io.cursorcheck.conformance.Release;
import io.cursorcheck.bench.BenchRun;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Campaign;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.ProgressLine;
import io.cursorcheck.properties.engine.RandomRun;
import io.cursorcheck.properties.engine.ReportLock;
import io.cursorcheck.properties.engine.ReportRun;
import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.engine.Subjects;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.Trace;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.stress.StressRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * {@code bin/cursorcheck}: the command line of the suite. Exit codes: 0 nothing failed, 1 a
 * counterexample was found (or an expectation not met), 2 a usage error.
 */
public final class Main {

    static final String USAGE = """
            usage: bin/cursorcheck <command> [options]

              campaign [--minutes N] [--seed S] [--threads N] [--skip mutants,explore,stress,conformance,bench] [--pit]
                  the verification campaign: lockstep over every variant and negative control (N minutes),
                  the kill matrix of the mutant catalogue (about a minute; with --pit, PIT on impl too: about
                  5 minutes more), exhaustive exploration at the deep bound (about 3 minutes), the jcstress
                  gate and Lincheck (about 6 minutes), conformance of Node.js 26.1.0, 26.2.0, 26.10.0,
                  26.12.1 and Bun 1.4.5 (N/2 minutes each, at least 30 s), then the quick benchmarks (about
                  4 minutes); writes reports/index.md
              stress [--mode gate|quick|default|tough] [--tests REGEX] [--repeat N] [--no-lincheck]
                  the jcstress tests of the thread-safe variants and their racy twins, then the
                  Lincheck checks; writes reports/stress/<date>-<mode>.md and reports/stress/lincheck.md
              check --variant NAME [--seconds N | --runs N] [--seed S] [--max-steps N] [--threads N] [--weights W]
                  random lockstep runs of NAME against the model; exit 1 with the report path on a failure
              replay FILE
                  replays a counterexample file step by step; exit 1 if it still fails
              replay --variant NAME --seed S [--max-steps N] [--weights W]
                  regenerates and replays one random sequence from its seed
              mutants [--seed S] [--sequences N] [--threads N] [--only ID,...] [--pit]
                  the kill matrix: every mutant of the catalogue through the lockstep engine, held to its
                  impact; writes reports/mutants.md (with --pit, also PIT on impl: reports/pit.md)
              variants [--mutants]
                  lists the variants (and the mutants: the catalogue and the racy twins)
              bench [--quick] [--note TEXT]
                  JMH benchmarks of every variant against two floors (quick: about 4 minutes; full: an estimated 80
                  minutes); writes reports/bench/index.md with charts and the issue's targets, met or not
              explore [--variant NAME --consumers N --depth D [--policy P] [--budget B] [--sizes 0,1,2]]
                  exhaustive breadth-first exploration; without --variant, every variant and control at the
                  gate's bound, writing reports/explore.md
              node --version V [--seconds N] [--seed S] [--max-steps N]
              bun --version V [--seconds N] [--seed S] [--max-steps N]
                  conformance: that release's node:stream/iter broadcast (installed from npm under target/runtimes)
                  in lockstep with the model through the subject protocol; writes reports/conformance/<release>/;
                  exit 1 if a difference is of no known kind

            W overrides generator weights, e.g. next=40,fail=0,badInput=5 (defaults: %s)
            """.formatted(Weights.DEFAULT);

    /** Sequences per mutant and stage of the kill matrix, as in the gate. */
    static final long MATRIX_SEQUENCES = 5_000;

    private final PrintStream out;
    private final PrintStream err;

    Main(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(new Main(System.out, System.err).run(Arrays.asList(args)));
    }

    /** Runs a command line and returns its exit code. */
    int run(List<String> args) {
        if (args.isEmpty() || args.get(0).equals("help") || args.get(0).equals("--help") || args.get(0).equals("-h")) {
            out.print(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        List<String> rest = args.subList(1, args.size());
        try {
            return switch (args.get(0)) {
                case "check" -> check(new Args(rest, Set.of("variant", "seconds", "runs", "seed", "max-steps",
                        "threads", "weights"), Set.of()));
                case "replay" -> replay(new Args(rest, Set.of("variant", "seed", "max-steps", "weights"), Set.of()));
                case "variants" -> variants(new Args(rest, Set.of(), Set.of("mutants")));
                case "campaign" -> campaign(new Args(rest, Set.of("minutes", "seconds", "seed", "threads", "max-steps",
                        "weights", "skip"), Set.of("pit")));
                case "node", "bun" -> conformance(args.get(0), new Args(rest, Set.of("version", "seconds", "seed",
                        "max-steps"), Set.of()));
                case "stress" -> stress(new Args(rest, Set.of("mode", "tests", "repeat"), Set.of("no-lincheck")));
                case "bench" -> bench(new Args(rest, Set.of("note"), Set.of("quick")));
                case "explore" -> explore(new Args(rest, Set.of("variant", "consumers", "depth", "policy", "budget",
                        "sizes", "limit"), Set.of("deep")), rest);
                case "mutants" -> mutants(new Args(rest, Set.of("seed", "sequences", "threads", "max-steps", "only"),
                        Set.of("pit")));
                default -> throw new Args.UsageError("unknown command '" + args.get(0) + "'");
            };
        } catch (ReportLock.Busy e) {
            err.println("cursorcheck: " + e.getMessage());
            return 2;
        } catch (Args.UsageError | IllegalArgumentException e) {
            err.println("cursorcheck: " + e.getMessage());
            err.println("run 'bin/cursorcheck help' for usage");
            return 2;
        } catch (IOException e) {
            err.println("cursorcheck: " + e);
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("cursorcheck: interrupted");
            return 2;
        } catch (Exception e) {
            err.println("cursorcheck: " + e);
            e.printStackTrace(err);
            return 2;
        }
    }

    private int check(Args a) throws Exception {
        BroadcastFactory subject = subject(a);
        if (a.has("seconds") && a.has("runs")) {
            throw new Args.UsageError("give --seconds or --runs, not both");
        }
        long seed = seed(a);
        long runs = a.number("runs", Long.MAX_VALUE, 1);
        long millis = a.has("runs") ? Long.MAX_VALUE : a.number("seconds", 10, 1) * 1000;
        int maxSteps = (int) a.number("max-steps", 60, 1);
        int threads = (int) a.number("threads", Runtime.getRuntime().availableProcessors(), 1);
        Weights weights = weights(a);
        out.printf("check %s: seed %d, %s, up to %d operations per sequence, %d thread(s)%n", subject.id(), seed,
                a.has("runs") ? runs + " sequences" : millis / 1000 + " s", maxSteps, threads);
        out.printf("  rerun exactly: bin/cursorcheck check --variant %s --seed %d %s --max-steps %d --weights %s%n",
                subject.id(), seed, a.has("runs") ? "--runs " + runs : "--seconds " + millis / 1000, maxSteps, weights);
        KnownFindings known = KnownFindings.load(io.cursorcheck.properties.mutants.SourceTree.root());
        RandomRun.Result r = ReportRun.write(Reports.dir(), "bin/cursorcheck check --variant " + subject.id(), err, run -> {
            RandomRun.Config config = new RandomRun.Config(subject, seed, runs, millis, maxSteps, weights, threads, true,
                    run.dir().resolve("counterexamples"), known);
            RandomRun.Progress progress = new RandomRun.Progress();
            return ProgressLine.during(err, subject.id(), progress, millis, () -> RandomRun.run(config, progress));
        });
        out.printf("%,d sequences, %,d operations in %.1f s: %,.0f ops/s (%,.0f per thread)%n", r.sequences(),
                r.operations(), r.millis() / 1000.0, r.operationsPerSecond(), r.operationsPerSecond() / threads);
        for (RandomRun.Found f : r.found()) {
            Counterexample cx = f.counterexample();
            String tag = f.isKnownFinding() ? "known finding " + f.known().name()
                    : cx.failure().kind().againstModel() ? "NEW FINDING against the model" : "FAILURE";
            out.printf("%s: %s, shrunk from %d to %d operations (sequence seed %s)%n  %s%n  replay: bin/cursorcheck replay %s%n",
                    tag, cx.failure().title(), cx.original(), cx.script().length(), Long.toUnsignedString(cx.seed()),
                    Reports.relative(f.page()), Reports.relative(f.json()));
        }
        List<String> low = r.coverage().belowFloor();
        low.forEach(l -> out.println("coverage below floor: " + l));
        boolean failed = !r.subjectFailures().isEmpty() || !r.newFindings().isEmpty();
        if (!failed) {
            out.println(low.isEmpty() ? "ok: no failure" + (r.found().isEmpty() ? "" : " beyond the known findings")
                    : "ok: no failure, but coverage is below a floor (run longer)");
        }
        return failed ? 1 : 0;
    }

    private int replay(Args a) throws IOException, InterruptedException {
        Lockstep.Run run;
        String subjectId;
        if (!a.positional().isEmpty()) {
            if (a.positional().size() > 1 || a.has("seed") || a.has("variant")) {
                throw new Args.UsageError("replay takes one FILE, or --variant NAME --seed S");
            }
            Path file = Path.of(a.positional().get(0));
            Counterexample.Stored stored;
            try {
                stored = Counterexample.read(file);
            } catch (NoSuchFileException e) {
                throw new Args.UsageError("no such file: " + file);
            }
            subjectId = stored.subject();
            out.printf("replay %s: %s, %d operations%n%n", file, subjectId, stored.script().length());
            if (subjectId.startsWith("node-") || subjectId.startsWith("bun-")) {
                Release release = Release.parse(subjectId);
                try (ExternalSubject subject = ExternalSubject.of(release, release.install(err))) {
                    run = Lockstep.run(subject, stored.script());
                }
            } else {
                run = Lockstep.run(Subjects.named(subjectId), stored.script());
            }
            if (stored.signature() != null && run.failed() && !run.failure().signature().equals(stored.signature())) {
                out.printf("note: the file recorded %s; the replay now fails with %s%n", stored.signature(),
                        run.failure().signature());
            }
        } else {
            if (!a.has("seed") || !a.has("variant")) {
                throw new Args.UsageError("replay needs a FILE, or --variant NAME and --seed S");
            }
            BroadcastFactory subject = subject(a);
            subjectId = subject.id();
            long seed = a.seed("seed");
            int maxSteps = (int) a.number("max-steps", 60, 1);
            out.printf("replay %s, sequence seed %s, up to %d operations%n%n", subjectId, Long.toUnsignedString(seed), maxSteps);
            run = Lockstep.explore(subject, new Generator(weights(a), subject.capabilities()), seed, maxSteps, null);
        }
        out.print(Trace.of(run, subjectId));
        return run.failed() ? 1 : 0;
    }

    private int variants(Args a) {
        for (Variant v : Variant.values()) {
            out.printf("%-34s %s%n", v.id(), v.description());
        }
        if (a.has("mutants")) {
            out.println();
            for (Mutant m : Mutants.all()) {
                out.printf("%-34s %s %s%n", m.id(), "[" + m.impact() + "]", m.description());
            }
        }
        return 0;
    }

    private int campaign(Args a) throws Exception {
        if (a.has("minutes") && a.has("seconds")) {
            throw new Args.UsageError("give --minutes or --seconds, not both");
        }
        long millis = a.has("seconds") ? a.number("seconds", 0, 10) * 1000 : a.number("minutes", 3, 1) * 60_000;
        long seed = seed(a);
        int threads = (int) a.number("threads", Runtime.getRuntime().availableProcessors(), 1);
        int maxSteps = (int) a.number("max-steps", 60, 1);
        String skip = a.string("skip", "");
        List<String> skipped = skip.isEmpty() ? List.of() : Arrays.asList(skip.split(","));
        if (!List.of("mutants", "explore", "stress", "conformance", "bench").containsAll(skipped)) {
            throw new Args.UsageError("--skip takes a comma-separated list of: mutants, explore, stress, conformance,"
                    + " bench; was '" + skip + "'");
        }
        String command = "bin/cursorcheck campaign " + (a.has("seconds") ? "--seconds " + millis / 1000
                : "--minutes " + millis / 60_000) + " --seed " + seed + (skip.isEmpty() ? "" : " --skip " + skip)
                + (a.has("pit") ? " --pit" : "");
        out.printf("campaign: lockstep %.1f min, seed %d, %d thread(s)%s; writing %s%n", millis / 60_000.0, seed,
                threads, skip.isEmpty() ? ", then the jcstress gate" : "", Reports.relative(Reports.dir()));
        List<Part> parts = new java.util.ArrayList<>();
        parts.add(new LockstepPart(new Campaign.Config(millis, seed, threads, maxSteps, weights(a), Reports.dir(), err)));
        if (!skipped.contains("mutants")) {
            parts.add(new MutantsCommand(seed, MATRIX_SEQUENCES, maxSteps, threads, Mutants.CATALOGUE, command));
        }
        if (a.has("pit")) {
            parts.add(new PitCommand()); // about 5 minutes more: opt-in
        }
        if (!skipped.contains("explore")) {
            parts.add(new ExplorePart(Scope::campaign, command));
        }
        if (!skipped.contains("stress")) {
            parts.add(new StressCommand(StressRun.Mode.GATE, null, 1, command, true));
        }
        if (!skipped.contains("conformance")) {
            parts.add(new ConformancePart(Release.CAMPAIGN, seed, Math.max(30_000, millis / 2), maxSteps, command));
        }
        if (!skipped.contains("bench")) {
            parts.add(new BenchCommand(BenchRun.quick(), command, "Run as a part of the campaign."));
        }
        return new CampaignCommand(parts, command, seed).run(out, err);
    }

    private int explore(Args a, List<String> words) throws Exception {
        if (!a.has("variant")) {
            boolean deep = a.has("deep");
            String command = "bin/cursorcheck explore" + (deep ? " --deep" : "");
            Part.Verdict v = new ExplorePart(deep ? Scope::campaign : Scope::gate, command).runAlone(out, command);
            out.println((v.passed() ? "explore passed: " : "explore FAILED: ") + v.summary());
            v.problems().forEach(p -> out.println("  PROBLEM: " + p));
            return v.passed() ? 0 : 1;
        }
        BroadcastFactory subject = subject(a);
        List<Integer> sizes;
        try {
            sizes = Arrays.stream(a.string("sizes", "0,1,2").split(",")).map(String::strip).map(Integer::parseInt)
                    .toList();
        } catch (NumberFormatException e) {
            throw new Args.UsageError("--sizes must be whole numbers separated by commas, was '" + a.string("sizes", "")
                    + "'");
        }
        int consumers = (int) a.number("consumers", 2, 1);
        int depth = (int) a.number("depth", 10, 1);
        long budget = a.number("budget", 2, 1);
        long limit = a.number("limit", 20_000_000, 1);
        List<Policy> policies = a.has("policy") ? List.of(policy(a.string("policy", null))) : List.of(Policy.values());
        String command = "bin/cursorcheck explore " + String.join(" ", words);
        Part.Verdict v = new ExploreBoundCommand(subject, policies, budget, sizes, consumers, depth, limit, command)
                .runAlone(out, command);
        return v.passed() ? 0 : 1;
    }

    private static Policy policy(String name) {
        try {
            return Policy.valueOf(name.toUpperCase().replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new Args.UsageError("--policy must be one of " + Arrays.toString(Policy.values()) + ", was '" + name + "'");
        }
    }

    private int conformance(String runtime, Args a) throws Exception {
        if (!a.has("version")) {
            throw new Args.UsageError(runtime + " needs --version V, e.g. --version "
                    + (runtime.equals("node") ? "26.12.1" : "1.4.5"));
        }
        Release release = new Release(runtime, a.string("version", null));
        long seed = seed(a);
        long millis = a.number("seconds", 60, 1) * 1000;
        int maxSteps = (int) a.number("max-steps", 60, 1);
        String command = "bin/cursorcheck " + runtime + " --version " + release.version() + " --seconds " + millis / 1000
                + " --seed " + seed;
        out.printf("%s: seed %d, %d s, up to %d operations per sequence%n  rerun exactly: %s%n", release.id(), seed,
                millis / 1000, maxSteps, command);
        ConformanceCampaign.Outcome o = ReportRun.write(Reports.dir(), command, err, run -> ConformanceCampaign.run(
                List.of(release), seed, millis, maxSteps, run, err, command));
        Conformance.Result r = o.results().get(0);
        out.printf("%,d sequences, %,d operations in %.1f s%n", r.sequences(), r.operations(), r.millis() / 1000.0);
        for (Conformance.Difference d : r.differences()) {
            out.printf("%s [%s]: %s, shrunk from %d to %d operations%n  %s%n", d.kind().id(), d.kind().verdict(),
                    d.signature(), d.counterexample().original(), d.counterexample().script().length(),
                    d.page() == null ? "" : Reports.relative(d.page()));
        }
        r.knownHits().forEach((name, n) -> out.printf("known finding %s: hit by %d sequence(s)%n", name, n));
        out.println("verdict: " + ConformanceCampaign.verdict(r) + "; report: " + Reports.relative(o.index()));
        o.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return o.passed() ? 0 : 1;
    }

    private int bench(Args a) throws Exception {
        boolean quick = a.has("quick");
        String note = a.string("note", "");
        String command = "bin/cursorcheck bench" + (quick ? " --quick" : "")
                + (note.isEmpty() ? "" : " --note '" + note.replace("'", "") + "'");
        Part.Verdict v = new BenchCommand(quick ? BenchRun.quick() : BenchRun.full(), command, note).runAlone(out, command);
        out.println((v.passed() ? "bench done: " : "bench FAILED: ") + v.summary());
        v.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return v.passed() ? 0 : 1;
    }

    private int stress(Args a) throws Exception {
        StressRun.Mode mode = StressRun.Mode.named(a.string("mode", "gate"));
        int repeat = (int) a.number("repeat", 1, 1);
        String filter = a.string("tests", null);
        boolean lincheck = !a.has("no-lincheck");
        String command = "bin/cursorcheck stress --mode " + mode.name().toLowerCase()
                + (filter == null ? "" : " --tests " + filter) + (repeat > 1 ? " --repeat " + repeat : "")
                + (lincheck ? "" : " --no-lincheck");
        Part.Verdict v = new StressCommand(mode, filter, repeat, command, lincheck).runAlone(out, command);
        out.println((v.passed() ? "stress passed: " : "stress FAILED: ") + v.summary());
        v.problems().forEach(p -> out.println("  PROBLEM: " + p));
        return v.passed() ? 0 : 1;
    }

    private int mutants(Args a) throws Exception {
        long seed = seed(a);
        long sequences = a.number("sequences", MATRIX_SEQUENCES, 1);
        int threads = (int) a.number("threads", Runtime.getRuntime().availableProcessors(), 1);
        int maxSteps = (int) a.number("max-steps", 60, 1);
        String only = a.string("only", null);
        String command = "bin/cursorcheck mutants --seed " + seed + " --sequences " + sequences
                + (maxSteps != 60 ? " --max-steps " + maxSteps : "") + (only == null ? "" : " --only " + only);
        out.println(command);
        List<Part> parts = new java.util.ArrayList<>();
        parts.add(new MutantsCommand(seed, sequences, maxSteps, threads, MutantsCommand.select(only), command));
        if (a.has("pit")) {
            parts.add(new PitCommand());
        }
        boolean passed = ReportRun.write(Reports.dir(), command, out, run -> {
            boolean all = true;
            for (Part part : parts) {
                all &= part.run(out, run).passed();
            }
            return all;
        });
        return passed ? 0 : 1;
    }

    private static BroadcastFactory subject(Args a) {
        if (!a.has("variant")) {
            throw new Args.UsageError("--variant NAME is required; see 'bin/cursorcheck variants --mutants'");
        }
        try {
            return Subjects.named(a.string("variant", null));
        } catch (IllegalArgumentException e) {
            throw new Args.UsageError("--variant: " + e.getMessage());
        }
    }

    private static long seed(Args a) {
        Long seed = a.seed("seed");
        return seed != null ? seed : new SecureRandom().nextLong() & Long.MAX_VALUE;
    }

    private static Weights weights(Args a) {
        return a.has("weights") ? Weights.DEFAULT.with(a.string("weights", "")) : Weights.DEFAULT;
    }
}
