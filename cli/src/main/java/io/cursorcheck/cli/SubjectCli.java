package io.cursorcheck.cli;

import io.cursorcheck.conformance.Causes;
import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.report.ReportRun;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.report.Trace;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/cursorcheck subject}: any program that speaks the cursorcheck-subject protocol
 * ({@code docs/protocol.md}), given by its command line after {@code --}, in lockstep with the model
 * as a release is, and held to the spec: every difference fails the run. Or one of its differences
 * replayed, from its counterexample file or its sequence's seed.
 */
@Command(
        name = "subject",
        sortOptions = false,
        sortSynopsis = false,
        customSynopsis = "bin/cursorcheck subject" + " [OPTIONS] -- COMMAND [ARGS...]",
        description = "conformance of any program that speaks the"
                + " cursorcheck-subject protocol (docs/protocol.md), started as COMMAND ARGS...: random sequences in lockstep"
                + " with the model, every difference shrunk, replayed and paged under reports/<run>/subjects/<name>/ (with the"
                + " commands that replay it). With --replay or --replay-seed: one counterexample replayed"
                + " step by step, model and subject side by side; nothing is written",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {
            Usage.EXIT_OK,
            "1:the program differs from the spec's model at all (the last line says FAILED, with the shapes and"
                    + " their causes), breaks the protocol, or the run has a blind spot; with --replay or --replay-seed:"
                    + " the counterexample still fails",
            Usage.EXIT_ERROR + "; also if COMMAND is missing, is not there or does not answer the handshake"
        })
final class SubjectCli extends CliCommand {

    /** How long a run is unless told: as long as a release's. */
    static final long DEFAULT_SECONDS = 60;

    @Option(
            names = "--name",
            paramLabel = "N",
            description = "the subject's name in reports: its folder"
                    + " reports/<run>/subjects/N/ (a-z, 0-9, '.', '_', '-'; default: the file name of COMMAND's last word without"
                    + " its extension)")
    String name;

    @Option(names = "--seconds", paramLabel = "N", description = "seconds of random sequences")
    @Range(min = 1, max = Range.YEAR_SECONDS)
    long seconds = DEFAULT_SECONDS;

    @Option(
            names = "--sequences",
            paramLabel = "N",
            description = "instead of --seconds: run exactly N random"
                    + " sequences, however long they take, and shrink without a time limit: the same --seed gives the same"
                    + " sequences and verdict on any machine")
    @Range(min = 1, max = Long.MAX_VALUE)
    Long sequences;

    @Option(
            names = "--replay",
            paramLabel = "FILE",
            description = "instead of a run: replay this counterexample"
                    + " file (a difference's .json under reports/<run>/subjects/) against COMMAND")
    Path replay;

    @Option(
            names = "--replay-seed",
            paramLabel = "S",
            converter = Converters.Seed.class,
            description = "instead of"
                    + " a run: regenerate the random sequence of this sequence seed (as a difference's page gives it) and"
                    + " replay it against COMMAND, with --max-steps as the page gives it")
    Long replaySeed;

    @Mixin
    SeedOption seedOption;

    @Mixin
    MaxStepsOption maxStepsOption;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "the program and its arguments, after --")
    List<String> command = new ArrayList<>();

    @Override
    int run() throws Exception {
        if (command.isEmpty()) {
            throw new UsageError("COMMAND: missing; give the program that speaks the protocol after --, e.g."
                    + " bin/cursorcheck subject -- python3 examples/python/broadcast_subject.py");
        }
        replayOptions();
        if (sequences != null && spec.commandLine().getParseResult().hasMatchedOption("--seconds")) {
            throw new UsageError("--sequences " + sequences + ": --seconds " + seconds
                    + " does not go with it; a run is bounded by a time or by a number of sequences");
        }
        Counterexample.Stored stored = replay == null ? null : stored(); // read before the program starts
        // A file names the subject it was found on: its replay goes by that name unless told otherwise.
        String id = name == null
                        && stored != null
                        && ProgramSubject.NAME.matcher(stored.subject()).matches()
                ? stored.subject()
                : nameOption();
        try (ExternalSubject subject = ProgramSubject.start(id, List.copyOf(command))) {
            if (stored != null) {
                return replayFile(subject, stored);
            }
            if (replaySeed != null) {
                return replaySeed(subject);
            }
            return check(subject);
        }
    }

    private String nameOption() {
        if (name == null) {
            return ProgramSubject.defaultName(command);
        }
        try {
            return ProgramSubject.checkName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--name: " + e.getMessage());
        }
    }

    /** A replay runs no random sequences: the options of a run do not go with it, nor the two replays together. */
    private void replayOptions() {
        if (replay != null && replaySeed != null) {
            throw new UsageError("--replay " + replay + ": --replay-seed " + Long.toUnsignedString(replaySeed)
                    + " does not go with it; replay a file or a seed");
        }
        if (replay == null && replaySeed == null) {
            return;
        }
        String which = replay != null ? "--replay " + replay : "--replay-seed " + Long.toUnsignedString(replaySeed);
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        List<String> runOnly = replay != null
                ? List.of("--seconds", "--sequences", "--seed", "--max-steps")
                : List.of("--seconds", "--sequences", "--seed");
        for (String option : runOnly) {
            if (parsed.hasMatchedOption(option)) {
                throw new UsageError(which + ": " + option + " "
                        + parsed.matchedOption(option).stringValues().get(0)
                        + " does not go with it; a replay runs one script, no random run");
            }
        }
    }

    private int check(ExternalSubject subject) throws Exception {
        long seed = seedOption.orFresh();
        int maxSteps = maxStepsOption.maxSteps;
        String rerun;
        String budget;
        long millis;
        long count;
        if (sequences != null) {
            rerun = ProgramSubject.sequencesCommand(
                    subject.id(), sequences, seed, maxSteps, MaxStepsOption.DEFAULT, command);
            budget = String.format("%,d sequences", sequences);
            millis = Long.MAX_VALUE; // no time bound, so shrinking has none either: the same verdict on any machine
            count = sequences;
        } else {
            rerun = ProgramSubject.runCommand(subject.id(), seconds, seed, maxSteps, MaxStepsOption.DEFAULT, command);
            budget = seconds + " s";
            millis = Math.multiplyExact(seconds, 1000);
            count = Long.MAX_VALUE;
        }
        Conformance.Result r = ReportRun.write(Reports.dir(), rerun, err, run -> {
            out.printf(
                    "%s: seed %s, %s, up to %d operations per sequence%n  rerun exactly: %s%n",
                    subject.id(), Long.toUnsignedString(seed), budget, maxSteps, rerun);
            run.wholeDirectory(Conformance.SUBJECTS + "/" + subject.id()); // this subject's folder only
            return Conformance.run(
                    new Conformance.Config(null, seed, millis, count, maxSteps, run.dir(), err), subject, null);
        });
        return report(r, out);
    }

    /**
     * Prints a subject's result, compact: one line per cause of difference ({@link Causes}) with its shapes
     * and the page of its shortest shrunk script, the run's other problems, and the verdict last, which the
     * exit code follows (0 for {@code PASSED}, 1 for {@code FAILED}). Each shape's page is reached from the
     * cause's page and the index, so the console never lists the shapes one by one.
     *
     * @return the exit code
     */
    static int report(Conformance.Result r, java.io.PrintStream out) {
        out.printf("%,d sequences, %,d operations in %.1f s%n", r.sequences(), r.operations(), r.millis() / 1000.0);
        List<Causes.Cause> causes = Causes.of(r.differences());
        if (!causes.isEmpty()) {
            out.printf(
                    "differs from the spec: %d shape(s) in %d cause(s), each by its shortest shrunk script:%n",
                    r.differences().size(), causes.size());
        }
        for (Causes.Cause c : causes) {
            Conformance.Difference d = c.shortest();
            out.printf(
                    "  %s: %s; %d shape(s), %,d sequence(s), shortest %d operations%s%n",
                    c.key(),
                    c.title(),
                    c.shapes().size(),
                    c.hits(),
                    d.counterexample().script().length(),
                    d.page() == null ? "" : ": " + Reports.relative(d.page()));
        }
        ProgramSubject.runProblems(r).forEach(p -> out.println("  PROBLEM: " + p));
        String verdict = ProgramSubject.verdict(r);
        out.println(verdict + "; see "
                + Reports.relative(Reports.lastRun()
                        .resolve(Conformance.SUBJECTS)
                        .resolve(r.subject())
                        .resolve("index.md")));
        return verdict.startsWith("PASSED") ? 0 : 1;
    }

    private Counterexample.Stored stored() throws java.io.IOException {
        try {
            return Counterexample.read(replay);
        } catch (NoSuchFileException e) {
            throw new UsageError("--replay " + replay + ": no such file");
        } catch (IllegalArgumentException e) { // names the file, and the field or step
            throw new UsageError("--replay " + e.getMessage());
        }
    }

    private int replayFile(ExternalSubject subject, Counterexample.Stored stored) {
        out.printf(
                "replay %s against %s: %d operations%n%n",
                replay, ProgramSubject.shell(command), stored.script().length());
        Lockstep.Run run = Lockstep.run(subject, stored.script(), stored.tolerance());
        if (stored.signature() != null
                && run.failed()
                && !run.failure().signature().equals(stored.signature())) {
            out.printf(
                    "note: the file recorded %s; the replay now fails with %s%n",
                    stored.signature(), run.failure().signature());
        }
        return trace(run, subject);
    }

    private int replaySeed(ExternalSubject subject) {
        int maxSteps = maxStepsOption.maxSteps;
        out.printf(
                "replay %s, sequence seed %s, up to %d operations%n%n",
                subject.id(), Long.toUnsignedString(replaySeed), maxSteps);
        // As the run drew it (Conformance): the weights follow from the handshake, no known finding is continued past.
        Lockstep.Run run = Lockstep.explore(
                subject,
                new Generator(Conformance.weights(subject.hello()), subject.capabilities()),
                replaySeed,
                maxSteps,
                null);
        return trace(run, subject);
    }

    private int trace(Lockstep.Run run, ExternalSubject subject) {
        out.print(Trace.of(run, subject.id()));
        if (subject.protocolErrors().count() > 0) {
            out.println("PROTOCOL ERROR: " + subject.protocolErrors().first().get(0));
        }
        return run.failed() || run.tolerated() != null ? 1 : 0;
    }
}
