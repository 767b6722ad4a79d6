package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.release.MissingToolException;
import io.cursorcheck.properties.engine.Weights;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry of the campaign's parts: {@code --skip}'s names in the order the parts run, and the parts
 * built from the settings in that order, without the ones left out. The parts that need a tool of the
 * machine (npm, a JDK 25, python3, the registry) are left out here, so that no preflight check runs.
 */
class PartsTest {

    @TempDir
    Path tmp;

    /** The parts that check the machine before the campaign runs. */
    private static final List<String> CHECKED =
            List.of("fray", "twins", "conformance", "subjects", "history", "upstream");

    private static Parts.Settings settings(boolean pit) {
        return settings(Profile.FULL, 10_000, pit);
    }

    private static Parts.Settings settings(Profile profile, long millis, boolean pit) {
        return new Parts.Settings(
                profile,
                millis,
                7,
                1,
                60,
                60,
                Weights.DEFAULT,
                pit,
                "bin/cursorcheck campaign --seconds 10 --seed 7",
                1,
                1,
                60_000,
                "bin/cursorcheck twins",
                seconds -> "bin/cursorcheck upstream --seconds " + seconds);
    }

    private static List<String> kinds(List<Parts.Planned> parts) {
        return parts.stream().map(p -> p.part().getClass().getSimpleName()).toList();
    }

    @Test
    void skipTakesEveryPartButLockstepInTheOrderTheyRun() {
        assertThat(Parts.SKIPPABLE)
                .containsExactly(
                        "mutants",
                        "explore",
                        "stress",
                        "fray",
                        "twins",
                        "conformance",
                        "subjects",
                        "history",
                        "upstream",
                        "bench");
        assertThat(Parts.descriptions()).hasSize(12).first().asString().startsWith("lockstep: ");
        assertThat(Parts.descriptions()).allSatisfy(d -> assertThat(d).matches("[a-z]+: \\S.*"));
    }

    @Test
    void buildsThePartsNotLeftOutInTheOrderTheyRun() throws Exception {
        assertThat(kinds(Parts.build(settings(false), CHECKED)))
                .containsExactly("LockstepPart", "MutantsCommand", "ExplorePart", "StressCommand", "BenchCommand");
        List<String> all = new java.util.ArrayList<>(Parts.SKIPPABLE);
        assertThat(kinds(Parts.build(settings(false), all))).containsExactly("LockstepPart");
        // PIT is opt-in, after the kill matrix
        assertThat(kinds(Parts.build(settings(true), all))).containsExactly("LockstepPart", "PitCommand");
        List<String> someLeft = new java.util.ArrayList<>(CHECKED);
        someLeft.add("explore");
        someLeft.add("bench");
        assertThat(kinds(Parts.build(settings(true), someLeft)))
                .containsExactly("LockstepPart", "MutantsCommand", "PitCommand", "StressCommand");
    }

    @Test
    void theDefaultProfileLeavesOutOnlyTheLongParts() throws Exception {
        List<String> skipped = List.of("fray", "conformance", "subjects", "upstream");
        assertThat(kinds(Parts.build(settings(Profile.DEFAULT, 60_000, false), skipped)))
                .containsExactly("LockstepPart", "MutantsCommand", "ExplorePart", "StressCommand");
    }

    /** Every kind of check the default profile must run: a short campaign is still a whole one. */
    private static final List<String> EVERY_KIND =
            List.of("lockstep", "mutants", "explore", "stress", "fray", "conformance", "subjects", "upstream");

    /** The kinds of check a profile's parts leave out. */
    private static List<String> kindsMissing(Map<String, String> budgets) {
        return EVERY_KIND.stream().filter(k -> !budgets.containsKey(k)).toList();
    }

    @Test
    void eachProfileRunsItsPartsAtItsBudgets() {
        Map<String, String> byDefault = Parts.budgets(settings(Profile.DEFAULT, 60_000, false));
        assertThat(byDefault.keySet()).containsExactlyElementsOf(EVERY_KIND);
        assertThat(kindsMissing(byDefault)).isEmpty();
        assertThat(byDefault)
                .containsEntry("lockstep", "1 min of random runs")
                .containsEntry("explore", "the gate's bound (3 consumers, 11 deep) and the writer paths 8 deep")
                .containsEntry("conformance", "node-26.12.1, bun-1.4.5, 30 s each")
                .containsEntry("subjects", "2 subjects, 20 s each")
                .containsEntry("upstream", "node-26.12.1, twice 20 s");
        Map<String, String> full = Parts.budgets(settings(Profile.FULL, 180_000, false));
        assertThat(full.keySet())
                .containsExactly(
                        "lockstep",
                        "mutants",
                        "explore",
                        "stress",
                        "fray",
                        "twins",
                        "conformance",
                        "subjects",
                        "history",
                        "upstream",
                        "bench");
        assertThat(full)
                .containsEntry("lockstep", "3 min of random runs")
                .containsEntry(
                        "explore",
                        "the deep bound (4 consumers, 12 deep), the writer paths 8 deep, and the reach (4 consumers, 14"
                                + " deep) for cached-count and cached-count-corrected")
                .containsEntry(
                        "conformance", "node-26.1.0, node-26.2.0, node-26.10.0, node-26.12.1, bun-1.4.5, 90 s each")
                .containsEntry("history", "1 min in all");
        // the lockstep time moves the parts that follow it, in the default profile too: none runs unscaled
        assertThat(Parts.budgets(settings(Profile.DEFAULT, 600_000, false)))
                .containsEntry("lockstep", "10 min of random runs")
                .containsEntry("conformance", "node-26.12.1, bun-1.4.5, 5 min each")
                .containsEntry("upstream", "node-26.12.1, twice 1 min");
    }

    /** The control: a profile without one kind of check is seen, by name. */
    @Test
    void aProfileMissingAKindOfCheckIsSeen() {
        Map<String, String> planted = new LinkedHashMap<>(Parts.budgets(settings(Profile.DEFAULT, 60_000, false)));
        planted.remove("explore");
        assertThat(kindsMissing(planted)).containsExactly("explore");
    }

    /** A script that finds no JDK 25, as tools/fray-jdk.sh exits on such a machine. */
    private FrayPart noJdk25() throws IOException {
        Path script = tmp.resolve("no-jdk.sh");
        Files.writeString(
                script,
                "#!/usr/bin/env bash\necho 'fray-jdk: no JDK 25 found in /opt; install one or set JDK25_HOME'\nexit 2\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return new FrayPart(tmp, script, tmp.resolve("never-run.sh"), tmp.resolve("grade.json"), Map.of());
    }

    @Test
    void aMissingJdk25IsSaidOnceNamingEveryPartThatNeedsIt() throws Exception {
        List<String> others = List.of("conformance", "subjects", "history", "upstream");
        FrayPart fray = noJdk25();
        assertThatThrownBy(() -> Parts.build(settings(Profile.FULL, 60_000, false), others, () -> fray))
                .isInstanceOf(MissingToolException.class)
                .hasMessage("fray and twins need a JDK 25: no JDK 25 found in /opt; install one or set JDK25_HOME;"
                        + " or leave them out with --skip fray,twins");
        // the default profile has no twins part: the message names fray alone
        assertThatThrownBy(() -> Parts.build(settings(Profile.DEFAULT, 60_000, false), others, () -> fray))
                .isInstanceOf(MissingToolException.class)
                .hasMessageStartingWith("fray needs a JDK 25: ")
                .hasMessageEndingWith("; or leave it out with --skip fray");
        // and with both left out nothing asks for one
        List<String> alsoFray = new java.util.ArrayList<>(others);
        alsoFray.addAll(List.of("fray", "twins"));
        assertThat(kinds(Parts.build(settings(Profile.FULL, 60_000, false), alsoFray, () -> fray)))
                .doesNotContain("FrayPart", "TwinsPart");
    }

    /** The control: a JDK 25 that is there is not refused. */
    @Test
    void aJdk25ThatIsThereIsNotRefused() throws Exception {
        Path script = tmp.resolve("jdk.sh");
        Files.writeString(script, "#!/usr/bin/env bash\necho /a/jdk-25\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        FrayPart fray = new FrayPart(tmp, script, tmp.resolve("never-run.sh"), tmp.resolve("grade.json"), Map.of());
        assertThat(kinds(Parts.build(
                        settings(Profile.FULL, 60_000, false),
                        List.of("conformance", "subjects", "history", "upstream"),
                        () -> fray)))
                .contains("FrayPart", "TwinsPart");
    }

    @Test
    void lockstepAndUnknownPartsCannotBeLeftOut() {
        assertThatThrownBy(() -> Parts.build(settings(false), List.of("lockstep")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lockstep");
        assertThatThrownBy(() -> Parts.build(settings(false), List.of("pit")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pit");
        assertThatThrownBy(() -> Parts.build(settings(false), List.of("lunch")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lunch");
    }
}
