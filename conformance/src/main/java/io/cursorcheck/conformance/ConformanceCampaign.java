package io.cursorcheck.conformance;

import io.cursorcheck.properties.engine.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks several releases in turn and writes {@code reports/conformance/index.md}: per release the
 * sequences and operations run, the differences found by kind (with links) and the verdict.
 *
 * <p>The run fails (a problem is listed) when the subject broke the protocol even once (a broken
 * adapter or subject: {@link SubjectProtocolError}), when a difference on a byte-budget release
 * (26.10 and later) is of no known kind, when a shrunk
 * difference does not fail the same way on replay, or when a known finding against the model
 * no longer behaves on a release as recorded in {@code reports/findings}.
 */
public final class ConformanceCampaign {

    /** The releases the known findings were confirmed on, by hand, with their reproduce.mjs. */
    static final List<String> FINDINGS_CONFIRMED_ON = List.of("node-26.10.0", "node-26.12.1");

    /**
     * What the releases did.
     *
     * @param results  one per release
     * @param problems every expectation not met
     * @param index    the index page written, or null
     */
    public record Outcome(List<Conformance.Result> results, List<String> problems, Path index) {
        /** Whether every expectation was met. */
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    private ConformanceCampaign() {
    }

    /** Runs every release for {@code millisEach}, seeds derived from {@code seed}. */
    public static Outcome run(List<Release> releases, long seed, long millisEach, int maxSteps, Path reports,
                              PrintStream log, String command) throws IOException, InterruptedException {
        Instant started = Instant.now();
        List<Conformance.Result> results = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Release release : releases) {
            Conformance.Result r = Conformance.run(new Conformance.Config(release, seed ^ release.id().hashCode(),
                    millisEach, Long.MAX_VALUE, maxSteps, reports, log));
            results.add(r);
            problems.addAll(problems(r));
            log.printf("%s: %,d sequences, %,d operations, %d difference(s), verdict: %s%n", release.id(), r.sequences(),
                    r.operations(), r.differences().size(), verdict(r));
        }
        Path index = null;
        if (reports != null) {
            index = reports.resolve("conformance/index.md");
            Files.createDirectories(index.getParent());
            Files.writeString(index, index(results, problems, started, command, seed), StandardCharsets.UTF_8);
        }
        return new Outcome(results, problems, index);
    }

    /** The expectations a release's result did not meet. */
    public static List<String> problems(Conformance.Result r) {
        List<String> p = new ArrayList<>();
        if (r.protocolErrors().count() > 0) {
            p.add(r.release().id() + ": " + r.protocolErrors().count() + " protocol error(s): the adapter or the"
                    + " subject broke the cursorcheck-subject protocol (not a difference of semantics); the first: "
                    + r.protocolErrors().first().get(0));
        }
        for (Conformance.Difference d : r.differences()) {
            // Differences of the entry-count API (before 26.10) are expected; those are listed as UNDECIDED on the
            // pages when no rule explains them. From the byte-budget API on, every difference must be explained.
            if (d.kind() == Differences.Kind.UNCLASSIFIED && r.hello().api().equals("budget")) {
                p.add(r.release().id() + ": a difference of no known kind: " + d.signature() + " ("
                        + (d.page() == null ? "no page" : d.page()) + ")");
            }
            if (!d.replayed()) {
                p.add(r.release().id() + ": the shrunk difference " + d.signature() + " did not fail the same way on replay");
            }
        }
        if (FINDINGS_CONFIRMED_ON.contains(r.release().id())) {
            for (Conformance.KnownReplay k : r.known()) {
                if (!k.agrees() && !k.protocolError()) { // a protocol error is listed above
                    p.add(r.release().id() + ": known finding " + k.finding().name() + " was confirmed on this release,"
                            + " but the release now differs from the model before the finding's step");
                }
            }
        }
        return p;
    }

    /** One line: what the release is, measured against the model. */
    public static String verdict(Conformance.Result r) {
        if (r.protocolErrors().count() == 0) {
            return semantics(r);
        }
        return "BROKEN PROTOCOL: " + r.protocolErrors().count() + " protocol error(s) of the adapter or subject; "
                + (r.differences().isEmpty() ? "no difference in the sequences that kept to the protocol" : semantics(r));
    }

    private static String semantics(Conformance.Result r) {
        if (r.differences().isEmpty()) {
            return "conforms: no difference in " + r.sequences() + " sequences"
                    + (r.knownHits().isEmpty() ? "" : " (besides the known findings against the model, which it shares)");
        }
        List<Differences.Kind> kinds = r.differences().stream().map(Conformance.Difference::kind).distinct().toList();
        long broken = kinds.stream().filter(k -> k.verdict() == Differences.Verdict.RELEASE_BREAKS_A_GUARANTEE).count();
        long earlier = kinds.stream().filter(k -> k.verdict() == Differences.Verdict.EARLIER_SEMANTICS).count();
        return "differs: " + r.differences().size() + " shape(s) in " + kinds.size() + " kind(s), " + broken
                + " breaking a guarantee, " + earlier + " earlier semantics" + (r.unclassified().isEmpty() ? ""
                : ", " + r.unclassified().size() + " shape(s) UNDECIDED");
    }

    private static String index(List<Conformance.Result> results, List<String> problems, Instant started,
                                String command, long seed) {
        StringBuilder b = new StringBuilder("# Conformance: Node.js and Bun against the model\n\n");
        b.append("Each release's `node:stream/iter` broadcast ran random operation sequences in lockstep with"
                + " `ScanningModel`, through the JavaScript adapter (`conformance/src/main/js/broadcast-adapter.mjs`) and"
                + " the cursorcheck-subject protocol (README, \"Checking an external subject\"). Only what a user can"
                + " observe is compared: each operation's answer, the earlier operations it settled, and the probe"
                + " (`consumerCount`, `canWrite`). Every kind of difference is shrunk, replayed on the same release, and"
                + " written with a standalone reproduction.\n\n");
        b.append("| | |\n|---|---|\n| Started | ").append(started.toString().replaceAll("\\.\\d+Z$", "Z"))
                .append(" |\n| Command | `").append(command).append("` |\n| Seed | `").append(seed).append("` |\n\n");
        b.append("| release | API | sequences | operations | time | differences | verdict |\n"
                + "|---|---|---:|---:|---:|---|---|\n");
        for (Conformance.Result r : results) {
            // One entry per kind, its shapes numbered: dirty-flag (1, 2, 3)
            Map<Differences.Kind, List<Conformance.Difference>> byKind = new LinkedHashMap<>();
            r.differences().forEach(d -> byKind.computeIfAbsent(d.kind(), k -> new ArrayList<>()).add(d));
            StringBuilder links = new StringBuilder();
            for (Map.Entry<Differences.Kind, List<Conformance.Difference>> e : byKind.entrySet()) {
                if (links.length() > 0) {
                    links.append("; ");
                }
                List<String> pages = new ArrayList<>();
                for (Conformance.Difference d : e.getValue()) {
                    if (d.page() != null) {
                        pages.add("[" + (pages.size() + 1) + "](" + r.release().id() + "/" + d.page().getFileName() + ")");
                    }
                }
                links.append(e.getKey().id()).append(" (").append(e.getValue().size()).append(" shape(s)")
                        .append(pages.isEmpty() ? "" : ": " + String.join(", ", pages)).append(')');
            }
            b.append("| [").append(r.release().id()).append("](").append(r.release().id()).append("/index.md) | ")
                    .append(r.hello().api()).append(" | ").append(String.format("%,d", r.sequences())).append(" | ")
                    .append(String.format("%,d", r.operations())).append(" | ")
                    .append(String.format("%.0f s", r.millis() / 1000.0)).append(" | ")
                    .append(links.length() == 0 ? "none" : links).append(" | ").append(verdict(r)).append(" |\n");
        }
        b.append('\n');
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(p -> b.append("- ").append(ConformancePage.literal(p)).append('\n'));
            b.append('\n');
        }
        b.append("## Kinds of difference\n\n");
        List<Differences.Kind> seen = new ArrayList<>();
        for (Conformance.Result r : results) {
            for (Conformance.Difference d : r.differences()) {
                if (!seen.contains(d.kind())) {
                    seen.add(d.kind());
                }
            }
        }
        for (Differences.Kind k : seen) { // explanations link as from a release's page, one level deeper
            b.append("### ").append(k.id()).append(": ").append(k.title()).append("\n\n**").append(k.verdict())
                    .append("**").append(k.invariant() == null ? "" : " ([" + k.invariant() + "](" + SpecLinks.from(Reports
                            .dir().resolve("conformance"), SpecLinks.anchorOf(k.invariant())) + "))").append(". ")
                    .append(k.explanation().replace("](../../findings/", "](../findings/")).append(" Seen on: ");
            List<String> on = new ArrayList<>();
            for (Conformance.Result r : results) {
                if (r.differences().stream().anyMatch(d -> d.kind() == k)) {
                    on.add(r.release().id());
                }
            }
            b.append(String.join(", ", on)).append(".\n\n");
        }
        return b.toString();
    }
}
