package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.Patterns;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.source.SourceChanges;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Op;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Lockstep;
import io.cursorcheck.properties.engine.Script;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The history's decision of a shape no rule named, with the suite's ports standing in for releases: the dirty-flag
 * port for releases that still answer so, the cached-count port for one that answers as the model. Located where the
 * shape goes and the source changed (earlier semantics); UNDECIDED, with why, where it never goes, where it goes
 * with the source unchanged, and on Bun (the control that a wrong decision is refused).
 */
class ChangeLocatorTest {

    /** A script the dirty-flag port answers otherwise than the model: notify leaves the entry it delivered untrimmed. */
    private static final Script SCRIPT =
            new Script(Options.of(4, Policy.STRICT), List.of(new Op.Attach(), new Op.Next(0), new Op.WriteSync(1)));

    private static Conformance.Difference undecided() {
        Lockstep.Run run = Lockstep.run(Variant.DIRTY_FLAG, SCRIPT);
        assertThat(run.failed()).as("the stand-in differs").isTrue();
        Counterexample cx =
                new Counterexample("node-26.0.0", SCRIPT, 1L, 60, "", SCRIPT.length(), 0, run.failure(), null);
        return new Conformance.Difference(
                run.failure().signature(), Differences.Kind.UNCLASSIFIED, cx, run, true, 1, null, null);
    }

    private static Conformance.Result result(String id, List<Conformance.Difference> differences) {
        Release release = Release.parse(id);
        Map<Patterns.Pattern, Long> made = new EnumMap<>(Patterns.Pattern.class);
        for (Patterns.Pattern p : Patterns.Pattern.values()) {
            made.put(p, 100L);
        }
        return new Conformance.Result(
                release,
                new Hello(
                        release.runtime(),
                        release.version(),
                        "highWaterMark",
                        Map.of("STRICT", "strict"),
                        1,
                        true,
                        List.of()),
                1_000,
                10_000,
                1_000,
                differences,
                List.of(),
                Map.of(),
                0,
                Map.of(),
                ExternalSubject.ProtocolErrors.NONE,
                List.of(),
                made);
    }

    private static SourceChanges sources(String last) {
        return new SourceChanges(r -> switch (r.version()) {
            case "26.0.0", "26.1.0" -> "function trim() {\n  return 1;\n}\n";
            default -> last;
        });
    }

    private static ChangeLocator.Located locate(
            List<Conformance.Result> results, SourceChanges sources, BroadcastFactory newest) throws Exception {
        return ChangeLocator.locate(results, sources, r -> r.version().equals("26.2.0") ? newest : Variant.DIRTY_FLAG);
    }

    private static final List<Conformance.Result> RESULTS = List.of(
            result("node-26.0.0", List.of(undecided())),
            result("node-26.1.0", List.of()),
            result("node-26.2.0", List.of()));

    @Test
    void aShapeGoneWhereTheSourceChangedIsEarlierSemanticsLocatedThere() throws Exception {
        ChangeLocator.Located located =
                locate(RESULTS, sources("function trim() {\n  return 2;\n}\n"), Variant.CACHED_COUNT);
        assertThat(located.decisions()).hasSize(1);
        ChangeLocator.Decision d = located.decisions().get(0);
        assertThat(d.kind()).isEqualTo(Differences.Kind.LOCATED_CHANGE);
        assertThat(d.reason())
                .contains("through node-26.1.0", "otherwise on node-26.2.0", "function trim")
                .contains("bin/cursorcheck source-diff --from 26.1.0 --to 26.2.0");
        assertThat(located.results().get(0).differences().get(0).kind()).isEqualTo(Differences.Kind.LOCATED_CHANGE);
        assertThat(located.undecided()).isEmpty();
    }

    @Test
    void withoutAChangeToLocateTheShapeStaysUndecidedWithWhy() throws Exception {
        ChangeLocator.Located still =
                locate(RESULTS, sources("function trim() {\n  return 2;\n}\n"), Variant.DIRTY_FLAG);
        assertThat(still.undecided())
                .singleElement()
                .satisfies(d -> assertThat(d.reason())
                        .contains("every later Node release checked answers so too, through node-26.2.0"));
        ChangeLocator.Located unchanged =
                locate(RESULTS, sources("function trim() {\n  return 1;\n}\n"), Variant.CACHED_COUNT);
        assertThat(unchanged.undecided())
                .singleElement()
                .satisfies(d -> assertThat(d.reason()).contains("broadcast.js the same", "outside broadcast.js"));
        ChangeLocator.Located bun = locate(
                List.of(result("bun-1.4.5", List.of(undecided()))),
                sources("function trim() {\n  return 2;\n}\n"),
                Variant.CACHED_COUNT);
        assertThat(bun.undecided())
                .singleElement()
                .satisfies(d -> assertThat(d.reason()).contains("embeds no broadcast.js"));
        assertThat(bun.results().get(0).differences().get(0).kind()).isEqualTo(Differences.Kind.UNCLASSIFIED);
    }

    /** Bun embeds no broadcast.js: its shape is decided by Node's, where a Node release answers its script so. */
    @Test
    void aShapeOfBunIsDecidedByTheNodeReleasesThatAnswerItsScriptSo() throws Exception {
        List<Conformance.Result> withBun = new java.util.ArrayList<>(RESULTS);
        withBun.add(result("bun-1.4.5", List.of(undecided())));
        ChangeLocator.Located located = ChangeLocator.locate(
                withBun,
                sources("function trim() {\n  return 2;\n}\n"),
                r -> r.version().equals("26.2.0") ? Variant.CACHED_COUNT : Variant.DIRTY_FLAG);
        ChangeLocator.Decision bun = located.decisions().stream()
                .filter(d -> d.release().runtime().equals("bun"))
                .findFirst()
                .orElseThrow();
        assertThat(bun.kind()).isEqualTo(Differences.Kind.LOCATED_CHANGE);
        assertThat(bun.reason())
                .contains("embeds no broadcast.js", "Node answers its script so through node-26.1.0", "function trim");
    }
}
