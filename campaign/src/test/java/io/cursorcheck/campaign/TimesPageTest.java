package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign's time figures have one source, {@value PartTimes#SOURCE_FILE}: {@value TimesPage#FILE} is its
 * rendering, committed, and compared here (run with {@code -Dcursorcheck.times.regenerate=true} it is rewritten
 * instead); the estimate and {@code --record-times} read and write the same data. Each rule has a control.
 */
class TimesPageTest {

    /** The system property that makes this test rewrite the page instead of comparing. */
    private static final String REGENERATE = "cursorcheck.times.regenerate";

    @TempDir
    Path tmp;

    /** Why {@code committed} is stale against the data, or null if it is not. */
    private static String stale(String committed, PartTimes times) {
        return committed.equals(TimesPage.render(times))
                ? null
                : TimesPage.FILE + " differs from " + PartTimes.SOURCE_FILE + "; regenerate it: "
                        + TimesPage.REGENERATE;
    }

    @Test
    void theCommittedPageIsTheOneTheDataRenders() throws IOException {
        Path file = SourceTree.root().resolve(TimesPage.FILE);
        PartTimes committed = PartTimes.committed();
        Path readme = SourceTree.root().resolve("README.md");
        if (Boolean.getBoolean(REGENERATE)) {
            Files.writeString(file, TimesPage.render(committed), StandardCharsets.UTF_8);
            Files.writeString(
                    readme,
                    TimesPage.readme(Files.readString(readme, StandardCharsets.UTF_8), committed),
                    StandardCharsets.UTF_8);
            return;
        }
        String readmeText = Files.readString(readme, StandardCharsets.UTF_8);
        assertThat(readmeText)
                .as(
                        "README's two commands and their times, as the data renders them; regenerate: %s",
                        TimesPage.REGENERATE)
                .isEqualTo(TimesPage.readme(readmeText, committed));
        String page = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        String why = stale(page, committed);
        if (why != null) {
            fail(why);
        }
        // the class path's data is the source tree's file
        assertThat(PartTimes.parse(Files.readString(SourceTree.root().resolve(PartTimes.SOURCE_FILE)))
                        .json())
                .isEqualTo(committed.json());
    }

    /** The control: a figure changed in the data makes the committed page stale, and the failure says how to fix it. */
    @Test
    void aChangedFigureMakesTheCommittedPageStale() throws IOException {
        String page = Files.readString(SourceTree.root().resolve(TimesPage.FILE), StandardCharsets.UTF_8);
        String data = PartTimes.committed().json().replaceFirst("\"seconds\"\\s*:\\s*(\\d+)", "\"seconds\": 1$1");
        assertThat(data).isNotEqualTo(PartTimes.committed().json());
        assertThat(stale(page, PartTimes.parse(data))).contains(TimesPage.REGENERATE);
    }

    /** The control: a time written into README's block by hand is not what the data renders. */
    @Test
    void aHandWrittenTimeInReadmeIsStale() throws IOException {
        String readme = TimesPage.readme( // as the data renders it, also while the file itself is being regenerated
                Files.readString(SourceTree.root().resolve("README.md"), StandardCharsets.UTF_8),
                PartTimes.committed());
        String edited = readme.replaceFirst("(# the main job, about )\\d+", "$11");
        assertThat(edited).isNotEqualTo(readme);
        assertThat(TimesPage.readme(edited, PartTimes.committed())).isEqualTo(readme);
        assertThatThrownBy(() -> TimesPage.readme("# no block", PartTimes.committed()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("README.md has no block");
    }

    @Test
    void theEstimateIsTheDataWithTheLockstepTimeMoved() {
        PartTimes times = PartTimes.committed();
        PartTimes.ProfileTimes figures = times.of(Profile.DEFAULT);
        List<String> parts = List.copyOf(figures.parts().keySet());
        Map<String, Long> asMeasured = times.estimate(Profile.DEFAULT, parts, figures.lockstepSeconds() * 1000);
        parts.forEach(p ->
                assertThat(asMeasured.get(p)).isEqualTo(figures.parts().get(p).seconds()));
        Map<String, Long> longer = times.estimate(Profile.DEFAULT, parts, (figures.lockstepSeconds() + 120) * 1000);
        assertThat(longer.get("lockstep"))
                .isEqualTo(figures.parts().get("lockstep").seconds() + 120);
        assertThat(longer.get("mutants"))
                .isEqualTo(figures.parts().get("mutants").seconds());
        assertThat(times.estimate(Profile.DEFAULT, List.of("pit"), 60_000)).containsEntry("pit", null);
    }

    @Test
    void recordingAFinishedCampaignReplacesItsProfilesFiguresAndThePage() throws IOException {
        Path root = tmp;
        Files.createDirectories(root.resolve(PartTimes.SOURCE_FILE).getParent());
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(
                root.resolve(PartTimes.SOURCE_FILE), PartTimes.committed().json());
        Path index = tmp.resolve("index.json");
        Files.writeString(
                index,
                "{\"passed\": true, \"started\": \"2030-01-02T03:04:05Z\", \"command\": \"bin/cursorcheck campaign\","
                        + " \"machine\": \"2 cores\", \"profile\": \"default\", \"lockstepMillis\": 60000,"
                        + " \"times\": {\"lockstep\": 64, \"stress\": 200}}");
        PartTimes next = PartTimes.record(index, root);
        PartTimes.ProfileTimes figures = next.of(Profile.DEFAULT);
        assertThat(figures.parts().get("stress").seconds()).isEqualTo(200);
        assertThat(figures.parts().get("stress").source())
                .contains("2030-01-02T03:04:05Z")
                .contains("passed");
        // a part the campaign left out keeps its figure
        assertThat(figures.parts().get("fray"))
                .isEqualTo(PartTimes.committed().of(Profile.DEFAULT).parts().get("fray"));
        assertThat(next.of(Profile.FULL)).isEqualTo(PartTimes.committed().of(Profile.FULL));
        assertThat(Files.readString(root.resolve(TimesPage.FILE))).isEqualTo(TimesPage.render(next));
        assertThat(PartTimes.parse(Files.readString(root.resolve(PartTimes.SOURCE_FILE)))
                        .json())
                .isEqualTo(next.json());
    }

    /**
     * The control: an index without times per part (an older campaign's, or another command's), or of a campaign at
     * another lockstep time, is refused.
     */
    @Test
    void anIndexWithoutTimesIsRefusedNamingIt() throws IOException {
        Path index = tmp.resolve("index.json");
        Files.writeString(index, "{\"passed\": true, \"parts\": {}}");
        assertThatThrownBy(() -> PartTimes.committed().recorded(Files.readString(index), index.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(index.toString())
                .hasMessageContaining("no campaign profile");
        Files.writeString(
                index,
                "{\"passed\": true, \"profile\": \"default\", \"lockstepMillis\": 10000, \"times\": {\"lockstep\": 48}}");
        assertThatThrownBy(() -> PartTimes.committed().recorded(Files.readString(index), index.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("10 s of lockstep")
                .hasMessageContaining("1 min");
        assertThatThrownBy(() -> PartTimes.record(tmp.resolve("none.json"), tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("none.json");
    }
}
