package io.cursorcheck.properties.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.BlackBox;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Gate;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.run.RandomRun;
import io.cursorcheck.properties.source.SourceTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example store: what it keeps, that the next run replays it first, what it says of an example
 * that now passes, and how it refuses a file that is not an example. The control: an example stored
 * from a failing run of a negative control is replayed by the next run, on another seed, and catches
 * the control at sequence 0, before any random sequence.
 */
class ExampleStoreTest {

    private static final Mutant CONTROL = Mutants.named("detach-forgets-count");

    @TempDir
    Path temp;

    private final List<String> log = new ArrayList<>();

    private RandomRun.Config config(BroadcastFactory subject, long seed, long sequences) {
        return new RandomRun.Config(
                subject,
                seed,
                sequences,
                60_000,
                60,
                Weights.DEFAULT,
                2,
                true,
                temp.resolve("counterexamples"),
                Gate.known());
    }

    /** A store of every subject's failures, so that a control, which always fails, can fill it. */
    private ExampleStore storeOfEverything() {
        return new ExampleStore(temp.resolve("examples"), subject -> true);
    }

    @Test
    void anExampleStoredFromAFailingRunIsReplayedFirstAndCatchesTheControlAtSequenceZero() throws Exception {
        ExampleStore store = storeOfEverything();
        BroadcastFactory control = Mutants.factory(CONTROL);
        ExampleStore.Run first = store.run(config(control, 1, 5_000), new RandomRun.Progress(), log::add);
        assertThat(first.replayed()).isEmpty();
        assertThat(first.result().subjectFailures())
                .as("the control is caught by a random sequence")
                .isNotEmpty();
        assertThat(first.result().sequences()).isPositive();
        assertThat(first.stored()).hasSize(1);
        Path file = first.stored().get(0);
        assertThat(file)
                .startsWith(store.dirOf(CONTROL.id()))
                .hasFileName(
                        first.result().subjectFailures().get(0).counterexample().slug() + ".json");
        try (Stream<Path> entries = Files.list(store.dirOf(CONTROL.id()))) {
            assertThat(entries.toList())
                    .as("written aside and moved into place")
                    .containsExactly(file);
        }
        // The counterexample file format: what bin/cursorcheck replay FILE reads.
        assertThat(Counterexample.read(file).script())
                .isEqualTo(
                        first.result().subjectFailures().get(0).counterexample().script());

        log.clear();
        ExampleStore.Run next = store.run(config(control, 2, 5_000), new RandomRun.Progress(), log::add);
        assertThat(next.replayed()).singleElement().satisfies(r -> {
            assertThat(r.file()).isEqualTo(file);
            assertThat(r.stillFails()).isTrue();
        });
        assertThat(next.result().sequences())
                .as("random sequences run before the stored one caught it")
                .isZero();
        assertThat(next.result().subjectFailures())
                .singleElement()
                .satisfies(f -> assertThat(f.counterexample().script())
                        .isEqualTo(Counterexample.read(file).script()));
        assertThat(next.stored()).isEmpty();
        assertThat(log)
                .first()
                .asString()
                .isEqualTo("replaying 1 stored example of " + CONTROL.id() + " from "
                        + Reports.relative(store.dirOf(CONTROL.id())) + "/ first");
        assertThat(log)
                .anySatisfy(l -> assertThat(l)
                        .startsWith("  still fails: ")
                        .contains(file.getFileName().toString()));
    }

    @Test
    void aStoredExampleThatNowPassesIsKeptAndReportedAsPassing() throws Exception {
        ExampleStore store = new ExampleStore(temp.resolve("examples"), ExampleStore::conforming);
        // The control's failing script, stored as an example of the real class, which passes it.
        RandomRun.Found caught = Controls.run(CONTROL, 1, 5_000, 60_000, 60, Weights.DEFAULT, 2, null, Gate.known())
                .caught();
        Counterexample cx = caught.counterexample();
        Path file = store.save(new Counterexample(
                Variant.CACHED_COUNT.id(),
                cx.script(),
                cx.seed(),
                cx.maxSteps(),
                cx.weights(),
                cx.original(),
                cx.evaluations(),
                cx.failure(),
                null));
        assertThat(file).exists();

        ExampleStore.Run run = store.run(config(Variant.CACHED_COUNT, 3, 50), new RandomRun.Progress(), log::add);
        assertThat(run.replayed())
                .singleElement()
                .satisfies(r -> assertThat(r.stillFails()).isFalse());
        assertThat(run.result().sequences()).as("the random sequences follow").isEqualTo(50);
        assertThat(file).as("a passing example is kept").exists();
        assertThat(log).contains("  now passes: " + Reports.relative(file) + " (kept; delete it to stop replaying it)");
    }

    @Test
    void onlyAConformingVariantsOwnFailuresAreKept() {
        assertThat(ExampleStore.conforming(Variant.CACHED_COUNT)).isTrue();
        assertThat(ExampleStore.conforming(Variant.WHEEL)).isTrue();
        assertThat(ExampleStore.conforming(Variant.MODEL)).isFalse();
        assertThat(ExampleStore.conforming(Variant.DIRTY_FLAG))
                .as("fails by design")
                .isFalse();
        assertThat(ExampleStore.conforming(Mutants.factory(CONTROL)))
                .as("a control fails by design")
                .isFalse();
        assertThat(ExampleStore.conforming(new BlackBox(Variant.CACHED_COUNT))).isFalse();

        // A known finding against the model is SPEC's, not the variant's.
        KnownFindings.Finding known = Gate.known().all().get(0);
        Lockstep.Run run =
                Lockstep.run(Variant.CACHED_COUNT, known.counterexample().script());
        assertThat(run.failure().kind().againstModel()).isTrue();
        ExampleStore store = new ExampleStore(temp.resolve("examples"), ExampleStore::conforming);
        assertThat(store.save(new Counterexample(
                        Variant.CACHED_COUNT.id(),
                        run.script(),
                        1L,
                        60,
                        null,
                        run.script().length(),
                        0,
                        run.failure(),
                        null)))
                .isNull();
        assertThat(store.files(Variant.CACHED_COUNT.id())).isEmpty();
    }

    @Test
    void aFileThatIsNotAnExampleOfItsVariantIsAClearErrorNamingIt() throws Exception {
        ExampleStore store = new ExampleStore(temp.resolve("examples"), ExampleStore::conforming);
        Path dir = Files.createDirectories(store.dirOf(Variant.CACHED_COUNT.id()));
        for (String content : List.of(
                "",
                "{\"format\": \"cursorcheck-counterexample/1\", \"subj",
                "[1, 2]",
                "{\"format\": \"cursorcheck-counterexample/1\", \"subject\": \"cached-count\"}",
                "not json at all")) {
            Path file = Files.writeString(dir.resolve("broken.json"), content, StandardCharsets.UTF_8);
            assertThatThrownBy(() -> store.run(config(Variant.CACHED_COUNT, 1, 10), new RandomRun.Progress(), log::add))
                    .as("%s", content)
                    .isExactlyInstanceOf(ExampleStore.UnreadableExample.class)
                    .hasMessageContaining(Reports.relative(file))
                    .hasMessageContaining("fix it or delete it");
        }
        // A well-formed example of another subject, among cached-count's.
        RandomRun.Found caught = Controls.run(CONTROL, 1, 5_000, 60_000, 60, Weights.DEFAULT, 2, null, Gate.known())
                .caught();
        Path other = dir.resolve("broken.json");
        caught.counterexample().write(other);
        assertThatThrownBy(() -> store.run(config(Variant.CACHED_COUNT, 1, 10), new RandomRun.Progress(), log::add))
                .isExactlyInstanceOf(ExampleStore.UnreadableExample.class)
                .hasMessageContaining(Reports.relative(other))
                .hasMessageContaining("'" + CONTROL.id() + "'");
    }

    @Test
    void theProjectStoreLivesUnderTheRootAndIsGitIgnored() throws Exception {
        String moved = System.getProperty(ExampleStore.PROPERTY); // the PIT profile moves it to target/
        assertThat(ExampleStore.standard().dir())
                .isEqualTo(moved != null ? Path.of(moved) : SourceTree.root().resolve(".cursorcheck/examples"));
        assertThat(Files.readAllLines(SourceTree.root().resolve(".gitignore"))).contains("/.cursorcheck/");
    }
}
