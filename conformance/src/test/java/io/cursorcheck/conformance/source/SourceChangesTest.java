package io.cursorcheck.conformance.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.judge.Differences.Kind;
import io.cursorcheck.conformance.release.Release;
import java.io.IOException;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Comparing two sources function by function, the diff printed for the terminal, and the transitions of kinds
 * between adjacent releases with the changes located there, on hand-written sources read through a fake reader.
 */
class SourceChangesTest {

    private static final String OLD = String.join(
            "\n",
            "class Broadcast {",
            "  write(x) {",
            "    this.buffer.push(x);",
            "    this.notify();",
            "  }",
            "  notify() {",
            "    for (const c of this.consumers) c.wake();",
            "  }",
            "}",
            "function gone() { return 1; }",
            "");

    /** The same, re-indented, with notify changed, gone removed and fresh added. */
    private static final String NEW = String.join(
            "\n",
            "class Broadcast {",
            "    write(x) {",
            "        this.buffer.push(x);",
            "",
            "        this.notify();",
            "    }",
            "    notify() {",
            "        if (this.notifying) return;",
            "        for (const c of this.consumers) c.wake(this);",
            "    }",
            "}",
            "function fresh() { return 2; }",
            "");

    private static final Release A = new Release("node", "26.5.1");
    private static final Release B = new Release("node", "26.6.0");
    private static final Release C = new Release("node", "26.10.0");
    private static final Release BUN = new Release("bun", "1.4.5");

    private static SourceChanges fake() {
        return new SourceChanges(r -> switch (r.version()) {
            case "26.5.1" -> OLD;
            case "26.6.0", "26.10.0" -> NEW;
            default -> throw new SourceUnavailableException(r.id() + ": no embedded source");
        });
    }

    @Test
    void whitespaceIsNoChangeAndEachChangedFunctionCountsItsLines() {
        assertThat(SourceChanges.compare(OLD, NEW))
                .containsExactly(
                        new FunctionChange("Broadcast#notify", FunctionChange.Change.CHANGED, 1, 2),
                        new FunctionChange("function fresh", FunctionChange.Change.ADDED, 0, 1),
                        new FunctionChange("function gone", FunctionChange.Change.REMOVED, 1, 0));
        assertThat(SourceChanges.compare(OLD, OLD.replace("    ", "\t"))).isEmpty();
    }

    @Test
    void theDiffOfOneFunctionIsUnifiedWithTheFilesLines() throws Exception {
        String diff = fake().diff(A, B, "Broadcast#notify");
        assertThat(diff)
                .isEqualTo("--- node-26.5.1 broadcast.js: Broadcast#notify\n"
                        + "+++ node-26.6.0 broadcast.js: Broadcast#notify\n"
                        + "@@ -6,3 +7,4 @@\n"
                        + "     notify() {\n"
                        + "-    for (const c of this.consumers) c.wake();\n"
                        + "+        if (this.notifying) return;\n"
                        + "+        for (const c of this.consumers) c.wake(this);\n"
                        + "     }\n");
        assertThat(fake().diff(A, B, "Broadcast#write")).isEmpty();
        assertThat(fake().diff(A, B, null))
                .contains("+++ node-26.6.0 broadcast.js: function fresh", "--- /dev/null", "+++ /dev/null");
        assertThatThrownBy(() -> fake().diff(A, B, "Broadcast#nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Broadcast#nope'")
                .hasMessageContaining("neither node-26.5.1 nor node-26.6.0");
    }

    @Test
    void longDiffsSplitIntoHunksWithThreeLinesOfContext() {
        List<String> a = List.of("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12");
        List<String> b = List.of("1", "two", "3", "4", "5", "6", "7", "8", "9", "10", "eleven", "12");
        assertThat(LineDiff.unified("a", "b", a, b, 1, 1))
                .isEqualTo("--- a\n+++ b\n@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n"
                        + "@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+eleven\n 12\n");
    }

    private static Map<Release, Set<Kind>> seen() {
        Map<Release, Set<Kind>> seen = new LinkedHashMap<>();
        seen.put(C, EnumSet.of(Kind.CRASH));
        seen.put(A, EnumSet.of(Kind.NESTED_END_IN_NOTIFY));
        seen.put(B, EnumSet.of(Kind.CRASH));
        seen.put(BUN, EnumSet.of(Kind.ENTRY_DELIVERED_TWICE));
        return seen;
    }

    @Test
    void transitionsAreBetweenAdjacentNodeReleasesByVersion() {
        assertThat(SourceChanges.transitions(seen()))
                .containsExactly(
                        new SourceChanges.Transition(A, B, List.of(Kind.CRASH), List.of(Kind.NESTED_END_IN_NOTIFY)));
    }

    @Test
    void aKindIsLocatedAtTheReleasesWhereItCameOrWent() throws Exception {
        SourceChanges s = fake();
        List<SourceChanges.Changes> gone = s.located(seen(), A, Kind.NESTED_END_IN_NOTIFY);
        assertThat(gone).hasSize(1);
        assertThat(gone.get(0).from()).isEqualTo(A);
        assertThat(gone.get(0).to()).isEqualTo(B);
        assertThat(gone.get(0).changed()).extracting(FunctionChange::name).contains("Broadcast#notify");
        assertThat(gone.get(0).command()).isEqualTo("bin/cursorcheck source-diff --from 26.5.1 --to 26.6.0");
        assertThat(s.located(seen(), B, Kind.NESTED_END_IN_NOTIFY)).isEqualTo(gone);
        assertThat(s.located(seen(), C, Kind.CRASH)).isEmpty(); // on 26.6.0 as on 26.10.0: no change to locate
        assertThat(s.located(seen(), C, Kind.ENTRY_DELIVERED_TWICE)).isEmpty();
        assertThatThrownBy(() -> s.located(seen(), BUN, Kind.CRASH)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aKindSeenOnOneReleaseAloneHasTwoPairsAndTheSameSourceNoChange() throws Exception {
        Map<Release, Set<Kind>> seen = new LinkedHashMap<>();
        seen.put(A, EnumSet.noneOf(Kind.class));
        seen.put(B, EnumSet.of(Kind.CRASH));
        seen.put(C, EnumSet.noneOf(Kind.class));
        List<SourceChanges.Changes> both = fake().located(seen, B, Kind.CRASH);
        assertThat(both).extracting(SourceChanges.Changes::from).containsExactly(A, B);
        assertThat(both.get(1).changed()).isEmpty(); // 26.6.0 and 26.10.0 have the same source
    }

    @Test
    void anUnreadableSourceIsNamedWithItsReason() throws Exception {
        Release missing = new Release("node", "26.7.0");
        Map<Release, Set<Kind>> seen = new LinkedHashMap<>();
        seen.put(B, EnumSet.of(Kind.CRASH));
        seen.put(missing, EnumSet.noneOf(Kind.class));
        List<SourceChanges.Attribution> all = fake().attribute(seen);
        assertThat(all).hasSize(1);
        assertThat(all.get(0).changes()).isNull();
        assertThat(all.get(0).unreadable()).isEqualTo("node-26.7.0: no embedded source");
        assertThatThrownBy(() -> fake().between(B, missing)).isInstanceOf(IOException.class);
    }

    @Test
    void bunHasNoEmbeddedSource() {
        assertThatThrownBy(() -> SourceChanges.embeddedSource(BUN, false, System.out))
                .isInstanceOf(SourceUnavailableException.class)
                .hasMessageStartingWith("bun-1.4.5: no embedded source");
    }

    @Test
    void aNodeReleaseNotInstalledIsNotInstalledForTheHistory() {
        assertThatThrownBy(() -> SourceChanges.embeddedSource(new Release("node", "26.0.999"), false, System.out))
                .isInstanceOf(SourceUnavailableException.class)
                .hasMessage("node-26.0.999: not installed under target/runtimes/");
    }
}
