package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.Witnesses;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The judge's decision on each kept conformance finding ({@code reports/conformance-findings/<kind>/}) stays what
 * the folder names it: its script, replayed on the release it was found on, differs the same way and is classified
 * as that kind, with the witnesses run on that release. A change of the judge that renames or excuses a kept
 * finding fails here, and must be explained (docs/conformance.md) with the folder moved.
 */
class KeptFindingsJudgedTest {

    @Test
    void eachKeptFindingIsJudgedAsTheKindItsFolderNames() throws Exception {
        Path kept = SourceTree.root().resolve("reports/conformance-findings");
        List<Path> folders;
        try (var dirs = Files.list(kept)) {
            folders = dirs.filter(d -> Files.isRegularFile(d.resolve("counterexample.json")))
                    .sorted()
                    .toList();
        }
        assertThat(folders).as("kept findings").isNotEmpty();
        for (Path folder : folders) {
            Counterexample.Stored stored = Counterexample.read(folder.resolve("counterexample.json"));
            Release release = Release.parse(stored.subject());
            try (ExternalSubject subject = ExternalSubject.of(release, release.install(System.out))) {
                Lockstep.Run run = Lockstep.run(subject, stored.script());
                assertThat(run.failed())
                        .as("%s still differs on %s", folder.getFileName(), release.id())
                        .isTrue();
                assertThat(run.failure().signature()).as(folder.toString()).isEqualTo(stored.signature());
                Differences.Kind kind = Differences.classify(subject.hello(), run, Witnesses.on(subject));
                System.out.printf("%s on %s: judged %s%n", folder.getFileName(), release.id(), kind.id());
                assertThat(kind.id())
                        .as("the kind of %s on %s", folder.getFileName(), release.id())
                        .isEqualTo(folder.getFileName().toString());
            }
        }
    }
}
