package io.cursorcheck.cli;

import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Generator;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Tolerance;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.report.Trace;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/cursorcheck replay}: a counterexample file step by step, model and subject side by
 * side; or one random sequence regenerated from its seed.
 */
@Command(
        name = "replay",
        sortOptions = false,
        sortSynopsis = false,
        description =
                "replays a counterexample file step"
                        + " by step, model and subject side by side; or regenerates one random sequence from its seed and replays it",
        exitCodeListHeading = Usage.EXIT_HEADING,
        exitCodeList = {"0:it does not fail", "1:it still fails", Usage.EXIT_ERROR})
final class ReplayCli extends CliCommand {

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    /** What to replay: a file, or a variant and a seed. */
    static final class Source {
        @Parameters(index = "0", paramLabel = "FILE", description = "a counterexample file (JSON, as a run writes it)")
        Path file;

        @ArgGroup(exclusive = false)
        Seeded seeded;
    }

    /** A random sequence to regenerate. */
    static final class Seeded {
        @Option(
                names = "--variant",
                required = true,
                paramLabel = "NAME",
                converter = Converters.Subject.class,
                description = "the variant or mutant to replay the sequence on")
        BroadcastFactory subject;

        @Option(
                names = "--seed",
                required = true,
                paramLabel = "S",
                converter = Converters.Seed.class,
                description = "the sequence seed, as a failure prints it")
        Long seed;

        // Not a MaxStepsOption mixin: picocli lets no mixin into an argument group; the same default and range.
        @Option(
                names = "--max-steps",
                paramLabel = "N",
                defaultValue = "" + MaxStepsOption.DEFAULT,
                description = "operations in the sequence at most")
        @Range(min = 1, max = Range.MAX_STEPS)
        int maxSteps;

        @Option(
                names = "--weights",
                paramLabel = "W",
                converter = Converters.WeightsSpec.class,
                description =
                        "the generator weights the sequence was drawn with, as name=value pairs over the defaults")
        Weights weights = Weights.DEFAULT;
    }

    @Override
    int run() throws IOException, InterruptedException {
        Lockstep.Run run;
        String subjectId;
        if (source.file != null) {
            Path file = source.file;
            Counterexample.Stored stored;
            try {
                stored = Counterexample.read(file);
            } catch (NoSuchFileException e) {
                throw new UsageError("replay " + file + ": no such file");
            } catch (IllegalArgumentException e) { // names the file, and the field or step
                throw new UsageError("replay " + e.getMessage());
            }
            subjectId = stored.subject();
            Release release = null;
            BroadcastFactory local = null;
            try { // resolved before anything runs
                if (subjectId.startsWith("node-") || subjectId.startsWith("bun-")) {
                    release = Release.parse(subjectId);
                } else {
                    local = Subjects.named(subjectId);
                }
            } catch (IllegalArgumentException e) {
                throw new UsageError(
                        "replay " + file + ": field 'subject': " + Converters.Subject.shorter(e.getMessage()));
            }
            if (release != null) {
                release.requireInstallable(); // npm, before anything runs
            }
            out.printf(
                    "replay %s: %s, %d operations%n%n",
                    file, subjectId, stored.script().length());
            if (release != null) {
                try (ExternalSubject subject = ExternalSubject.of(release, release.install(err))) {
                    run = Lockstep.run(subject, stored.script(), stored.tolerance());
                }
            } else {
                run = Lockstep.run(local, stored.script(), stored.tolerance()); // continues past what the run did
            }
            if (stored.signature() != null
                    && run.failed()
                    && !run.failure().signature().equals(stored.signature())) {
                out.printf(
                        "note: the file recorded %s; the replay now fails with %s%n",
                        stored.signature(), run.failure().signature());
            }
        } else {
            BroadcastFactory subject = source.seeded.subject;
            subjectId = subject.id();
            long seed = source.seeded.seed;
            int maxSteps = source.seeded.maxSteps;
            out.printf(
                    "replay %s, sequence seed %s, up to %d operations%n%n",
                    subjectId, Long.toUnsignedString(seed), maxSteps);
            // As the random run drew it: past the known findings in which the model does not throw (spec §3).
            run = Lockstep.explore(
                    subject,
                    new Generator(source.seeded.weights, subject.capabilities()),
                    seed,
                    maxSteps,
                    null,
                    Tolerance.of(KnownFindings.load(SourceTree.root()), subject.algorithm()));
        }
        out.print(Trace.of(run, subjectId));
        return run.failed() || run.tolerated() != null ? 1 : 0; // a known finding continued past still fails, as before
    }
}
