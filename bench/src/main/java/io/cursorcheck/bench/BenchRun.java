package io.cursorcheck.bench;

import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.io.ChildProcesses;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the benchmarks: one JMH command line per job of a profile, each in a JVM of its own (JMH
 * then forks one JVM per parameter combination), with JSON results under {@code target/bench/}.
 * A profile is a list of jobs because the matrix is not a full cross product: the model is
 * O(consumers) per advance by design, and its setups for JUMP, CHURN and CATCHUP are O(n^2)
 * reads of O(n) each, so it runs at the largest counts only where a target needs it.
 */
public final class BenchRun {

    private BenchRun() {}

    /**
     * The two floors, then every variant of the {@link Variant} registry in its order: the report's columns.
     * The corrected variants (spec §8) are left out: the correction changes only whether a flush nests, which
     * no benchmark pattern reaches, so they would measure their as-released twins again.
     */
    public static final List<String> TARGETS = java.util.stream.Stream.concat(
                    java.util.stream.Stream.of(Target.PHYSICAL, Target.API),
                    java.util.Arrays.stream(Variant.values())
                            .filter(v -> v.algorithm() == io.cursorcheck.spi.Algorithm.AS_RELEASED)
                            .map(Variant::id))
            .toList();

    /**
     * One JMH invocation: a benchmark regex and its parameters, and its own JMH settings where the profile's do not
     * reach steady state for it (empty: the profile's).
     */
    public record Job(
            String name,
            String benchmark,
            List<String> targets,
            List<Integer> consumers,
            List<String> patterns,
            List<Integer> runBytes,
            List<String> settings) {

        /** A job measured with its profile's settings. */
        public Job(
                String name,
                String benchmark,
                List<String> targets,
                List<Integer> consumers,
                List<String> patterns,
                List<Integer> runBytes) {
            this(name, benchmark, targets, consumers, patterns, runBytes, List.of());
        }

        /**
         * A job names its targets: the benchmarks' own {@code @Param} holds only a placeholder, so a job that
         * passed none, or an id outside {@link #TARGETS}, would run nothing it could report.
         *
         * @throws IllegalArgumentException if the targets are empty or one is not in {@link #TARGETS}
         */
        public Job {
            if (targets.isEmpty()) {
                throw new IllegalArgumentException("job " + name + " has no target");
            }
            for (String t : targets) {
                if (!TARGETS.contains(t)) {
                    throw new IllegalArgumentException("job " + name + ": target '" + t + "' is not one of " + TARGETS);
                }
            }
            targets = List.copyOf(targets);
            settings = List.copyOf(settings);
        }

        /** The JMH arguments of this job, without the shared settings. */
        List<String> args() {
            List<String> a = new ArrayList<>(List.of(benchmark));
            a.addAll(List.of("-p", "target=" + String.join(",", targets)));
            a.addAll(List.of(
                    "-p",
                    "consumers="
                            + String.join(
                                    ",", consumers.stream().map(String::valueOf).toList())));
            if (!patterns.isEmpty()) {
                a.addAll(List.of("-p", "pattern=" + String.join(",", patterns)));
            }
            if (!runBytes.isEmpty()) {
                a.addAll(List.of(
                        "-p",
                        "runBytes="
                                + String.join(
                                        ",",
                                        runBytes.stream().map(String::valueOf).toList())));
            }
            return a;
        }

        /** Benchmarks (parameter combinations, {@link #FORKS} forks each) in this job. */
        int size() {
            return targets.size() * consumers.size() * Math.max(1, patterns.size()) * Math.max(1, runBytes.size());
        }
    }

    /**
     * A profile: its jobs and JMH settings.
     *
     * @param name     quick or full
     * @param jobs     what to run
     * @param settings forks, warmup and measurement, shared by every job
     */
    public record Profile(String name, List<Job> jobs, List<String> settings) {

        /** Benchmarks in the profile. */
        public int size() {
            return jobs.stream().mapToInt(Job::size).sum();
        }
    }

    private static final String ADVANCE = "AdvanceBenchmark.advance";
    private static final String CATCHUP = "CatchupBenchmark.catchup";
    private static final String STREAM = "StreamBenchmark.run";
    private static final List<String> OTHER_PATTERNS = List.of("RANDOM", "JUMP", "CHURN", "DROP_OLDEST_STALLED");
    private static final List<String> STEADY = List.of("LOCKSTEP", "RANDOM", "JUMP", "CHURN", "DROP_OLDEST_STALLED");

    /**
     * Each benchmark JVM's heap: 2 GiB, with a young generation of 256 MiB. 2 GiB because the model keeps the write
     * of every position it ever appended, so its heap grows with every advance; a fixed young generation because a
     * page touched for the first time costs a page fault, which on some machines is what a benchmark would measure
     * (the young generation is touched in the first warm-up second and reused after every collection). The
     * measurements behind both: bench/SETTINGS.md.
     */
    static final String HEAP = "-Xms2g -Xmx2g -Xmn256m";

    /**
     * JMH forks (JVMs) per benchmark, in both profiles: two, so that every result carries the spread between JVMs
     * that its verdicts are judged on ({@link RatioInterval}): a fork's level is what moves from one run to the
     * next. Two, not more, for the profiles' time. The measurements: bench/SETTINGS.md.
     */
    public static final int FORKS = 2;

    /** How every benchmark of both profiles is measured but CATCHUP: {@link #FORKS} forks of 2 x 1 s of warm-up and 6 x 200 ms. */
    static final List<String> SETTINGS =
            List.of("-f", String.valueOf(FORKS), "-wi", "2", "-w", "1s", "-i", "6", "-r", "200ms");

    /**
     * How CATCHUP is measured, in both profiles: {@link #FORKS} forks of 4 x 1 s of warm-up and 6 x 1 s. Its timed
     * reads are a sliver of its wall time (each catch-up of 256 reads follows an untimed set-up of 256 reads by every
     * other consumer), so the JIT finishes with them late, and its steady values still move between short
     * iterations. The measurements: bench/SETTINGS.md.
     */
    static final List<String> CATCHUP_SETTINGS =
            List.of("-f", String.valueOf(FORKS), "-wi", "4", "-w", "1s", "-i", "6", "-r", "1s");

    /**
     * The quick profile (a part of the campaign; 112 benchmarks): every target at 1 and 4 consumers in LOCKSTEP,
     * JUMP, CHURN and DROP_OLDEST_STALLED, and at 4 in CATCHUP; LOCKSTEP at 1024 and 4096 for the floors, the model,
     * dirty-flag, cached-count and wheel; the other patterns at 1024 for the floors, cached-count and wheel; the PR's
     * workload at 1 and 4 consumers, 1 MiB runs only. Two forks of two warm-up iterations of 1 s (the least that
     * reaches steady state here, and {@link SteadyState} checks it), then six measurement iterations of 200 ms, six
     * being the fewest that give the steady-state rule two halves of three, 200 ms because this machine's speed
     * comes in phases of seconds that longer iterations do not average away. To pay for the warm-up the PR's
     * workload runs 1 MiB only (16 MiB is in the full profile). The measurements: bench/SETTINGS.md.
     */
    public static Profile quick() {
        List<String> trackers = List.of(Target.PHYSICAL, Target.API, "cached-count", "wheel");
        return new Profile(
                "quick",
                List.of(
                        new Job(
                                "advance-small",
                                ADVANCE,
                                TARGETS,
                                List.of(1, 4),
                                List.of("LOCKSTEP", "JUMP", "CHURN", "DROP_OLDEST_STALLED"),
                                List.of()),
                        new Job("catchup-small", CATCHUP, TARGETS, List.of(4), List.of(), List.of(), CATCHUP_SETTINGS),
                        new Job(
                                "lockstep-large",
                                ADVANCE,
                                List.of(Target.PHYSICAL, Target.API, "model", "dirty-flag", "cached-count", "wheel"),
                                List.of(1024, 4096),
                                List.of("LOCKSTEP"),
                                List.of()),
                        new Job("patterns-large", ADVANCE, trackers, List.of(1024), OTHER_PATTERNS, List.of()),
                        new Job(
                                "catchup-large",
                                CATCHUP,
                                trackers,
                                List.of(1024),
                                List.of(),
                                List.of(),
                                CATCHUP_SETTINGS),
                        new Job(
                                "stream",
                                STREAM,
                                List.of(Target.API, "dirty-flag", "cached-count", "wheel"),
                                List.of(1, 4),
                                List.of(),
                                List.of(1 << 20))),
                SETTINGS);
    }

    /**
     * The full matrix: every target at every consumer count and pattern, except the model beyond
     * 256 consumers in JUMP, CHURN and CATCHUP (setups of O(n^3)); the PR's workload at 1 to 256
     * consumers. Each benchmark is measured as in the quick profile ({@link #SETTINGS}): the full profile measures
     * more points, not each point longer, since longer measurement windows were no steadier here.
     */
    public static Profile full() {
        List<Integer> all = List.of(1, 2, 4, 16, 64, 256, 1024, 4096);
        List<String> noModel = TARGETS.stream().filter(t -> !t.equals("model")).toList();
        List<String> streamTargets =
                TARGETS.stream().filter(t -> !t.equals(Target.PHYSICAL)).toList();
        return new Profile(
                "full",
                List.of(
                        new Job("advance", ADVANCE, noModel, all, STEADY, List.of()),
                        new Job(
                                "advance-model",
                                ADVANCE,
                                List.of("model"),
                                all,
                                List.of("LOCKSTEP", "RANDOM", "DROP_OLDEST_STALLED"),
                                List.of()),
                        new Job(
                                "advance-model-staggered",
                                ADVANCE,
                                List.of("model"),
                                List.of(1, 2, 4, 16, 64, 256),
                                List.of("JUMP", "CHURN"),
                                List.of()),
                        new Job("catchup", CATCHUP, noModel, all, List.of(), List.of(), CATCHUP_SETTINGS),
                        new Job(
                                "catchup-model",
                                CATCHUP,
                                List.of("model"),
                                List.of(1, 2, 4, 16, 64, 256),
                                List.of(),
                                List.of(),
                                CATCHUP_SETTINGS),
                        new Job(
                                "stream",
                                STREAM,
                                streamTargets,
                                List.of(1, 2, 4, 16, 64, 256),
                                List.of(),
                                List.of(1 << 20, 16 << 20))),
                SETTINGS);
    }

    /**
     * A benchmark JMH reported as failed in its log ({@code <failure>} in place of an iteration's score): JMH still
     * writes the iterations before the failure to its JSON, so the report must know, or a crash would pass for a
     * short or even a steady result.
     *
     * @param benchmark the method's short name, e.g. {@code AdvanceBenchmark.advance}
     * @param params    its parameters, as JMH printed them
     * @param what      the first line after the failure (the exception), or "no reason printed"
     */
    public record Failure(String benchmark, java.util.Map<String, String> params, String what) {

        /** E.g. {@code AdvanceBenchmark.advance (consumers = 1, pattern = CHURN, target = model): java.lang...}. */
        @Override
        public String toString() {
            return benchmark + " "
                    + params.toString().replace('{', '(').replace('}', ')').replace("=", " = ") + ": " + what;
        }
    }

    /** The failures in one JMH log (its human-readable output), in the order run. */
    public static List<Failure> failures(String log) {
        List<Failure> out = new ArrayList<>();
        String benchmark = "?";
        java.util.Map<String, String> params = java.util.Map.of();
        String[] lines = log.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("# Benchmark: ")) {
                String[] parts = line.substring("# Benchmark: ".length()).trim().split("\\.");
                benchmark = parts.length < 2 ? parts[0] : parts[parts.length - 2] + "." + parts[parts.length - 1];
                params = java.util.Map.of();
            } else if (line.startsWith("# Parameters: (") && line.endsWith(")")) {
                java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
                for (String kv : line.substring("# Parameters: (".length(), line.length() - 1)
                        .split(", ")) {
                    int eq = kv.indexOf(" = ");
                    if (eq > 0) {
                        p.put(kv.substring(0, eq), kv.substring(eq + 3));
                    }
                }
                params = p;
            } else if (line.contains("<failure>")) {
                String what = "no reason printed";
                for (int j = i + 1; j < lines.length && j < i + 4; j++) {
                    if (!lines[j].isBlank()) {
                        what = lines[j].trim();
                        break;
                    }
                }
                out.add(new Failure(benchmark, params, what));
            }
        }
        return out;
    }

    /** The JMH command line of one job, as run and as printed in the report. */
    public static List<String> command(Profile profile, Job job, Path json) {
        List<String> c = new ArrayList<>(List.of("org.openjdk.jmh.Main"));
        c.addAll(job.args());
        c.addAll(job.settings().isEmpty() ? profile.settings() : job.settings());
        c.addAll(List.of("-jvmArgs", HEAP, "-prof", "gc", "-rf", "json", "-rff", json.toString()));
        return c;
    }

    /**
     * Runs every job of {@code profile} in turn, each JMH in a JVM of its own on {@code classpath};
     * JMH's output goes to {@code dir/<job>.log}, results to {@code dir/<job>.json}.
     *
     * @return the JSON files written, in job order
     * @throws IOException if a JVM cannot start or JMH fails (the log is named)
     */
    public static List<Path> run(Profile profile, Path dir, String classpath, PrintStream log)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<Path> results = new ArrayList<>();
        int done = 0;
        for (Job job : profile.jobs()) {
            Path json = dir.resolve(job.name() + ".json");
            Path out = dir.resolve(job.name() + ".log");
            Files.deleteIfExists(json);
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp", classpath));
            cmd.addAll(command(profile, job, json));
            log.printf(
                    "bench: %s, %d benchmark(s) (%d of %d done); log %s%n",
                    job.name(), job.size(), done, profile.size(), out);
            long start = System.currentTimeMillis();
            Process p = ChildProcesses.start(
                    new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()));
            int exit = p.waitFor();
            if (exit != 0 || !Files.exists(json)) {
                throw new IOException("JMH job " + job.name() + " failed (exit " + exit + "); see " + out);
            }
            done += job.size();
            log.printf("bench: %s took %.0f s%n", job.name(), (System.currentTimeMillis() - start) / 1000.0);
            results.add(json);
        }
        return results;
    }
}
