package io.cursorcheck.cli;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/cursorcheck fray}: the Fray run of the stress races, or the replay of one saved failure.
 * Fray runs its tests on a JDK 25 its Maven plugin jlinks, so this command hands over to the scripts
 * that drive that build ({@code tools/fray-run.sh}, {@code tools/fray-replay.sh}) and passes their
 * output and exit code on.
 */
@Command(name = "fray", sortOptions = false, sortSynopsis = false, description = "the stress races under Fray's"
        + " controlled scheduler (both thread-safe variants must pass every schedule, every racy twin Fray can see must"
        + " be caught; needs a JDK 25); writes reports/stress/fray.md and saves each failure under"
        + " reports/stress/fray/<subject>/<race>/; with --replay, replays one saved failure and prints its interleaving;"
        + " exit 1 if a variant failed, a twin was not caught, or a replay did not reproduce")
final class FrayCli extends CliCommand {

    @Option(names = "--replay", paramLabel = "DIR", description = "a saved failure, reports/stress/fray/<subject>/<race>")
    String replay;

    @Override
    int run() throws IOException, InterruptedException {
        Path root = SourceTree.root();
        List<String> command;
        if (replay == null) {
            command = List.of(root.resolve("tools/fray-run.sh").toString());
        } else {
            Path dir = Path.of(replay).toAbsolutePath();
            if (!Files.isRegularFile(dir.resolve("scene.properties"))
                    || !Files.isRegularFile(dir.resolve("recording/random.json"))) {
                throw new UsageError("--replay: '" + replay + "' is not a saved Fray failure (it has no scene.properties"
                        + " and recording/random.json); saved failures are the folders reports/stress/fray/<subject>/<race>");
            }
            command = List.of(root.resolve("tools/fray-replay.sh").toString(), dir.toString());
        }
        Process p = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        return p.waitFor();
    }
}
