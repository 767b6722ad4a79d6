package io.cursorcheck.campaign;

import io.cursorcheck.properties.report.MarkdownTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison page, {@code reports/stress/twins.md}, and its verdict: per racy twin, what jcstress,
 * Lincheck and Fray made of it in one run, then each tool's fixed costs and wall time. The verdict passes
 * only when every tool reached a verdict on every twin, caught every twin its own gate requires, and every
 * twin was caught by some tool ({@link #problems}); an error is never a catch. Stateless.
 */
final class TwinsPage {

    private TwinsPage() {}

    /**
     * Every expectation not met, each naming its tool (and twin); empty when every tool reached a verdict on every
     * twin, caught every twin its own gate requires ({@link TwinFindings#required()}), and every twin was caught by
     * at least one tool. A twin outside a tool's requirement that it does not catch is the tool's reach: shown on
     * the page, not a problem. An error is always a problem, never a catch.
     */
    static List<String> problems(List<TwinFindings> tools) {
        List<String> problems = new ArrayList<>();
        for (TwinFindings t : tools) {
            t.errors().forEach(e -> problems.add(t.tool() + ": ERROR (no verdict): " + e));
        }
        java.util.Set<String> twins = new java.util.TreeSet<>();
        java.util.Set<String> caughtBySome = new java.util.HashSet<>();
        for (TwinFindings t : tools) {
            t.byTwin().entrySet().stream()
                    .sorted(java.util.Map.Entry.comparingByKey())
                    .forEach(e -> {
                        TwinFindings.Cell c = e.getValue();
                        boolean required = t.required().contains(e.getKey());
                        twins.add(e.getKey());
                        switch (c.status()) {
                            case CAUGHT -> caughtBySome.add(e.getKey());
                            case NOT_CAUGHT -> {
                                if (required) {
                                    problems.add(t.tool() + " did NOT CATCH twin " + e.getKey()
                                            + ", which its gate requires: " + c.reason());
                                }
                            }
                            case NOT_CHECKED -> {
                                if (required) {
                                    problems.add(t.tool() + " does not check twin " + e.getKey()
                                            + ", which its gate requires: " + c.reason());
                                }
                            }
                            case ERROR -> { // a tool that failed as a whole is one problem, not one per twin
                                if (!t.errors().contains(c.reason())) {
                                    problems.add(t.tool() + ": twin " + e.getKey()
                                            + ": ERROR, no verdict (never a catch): " + c.reason());
                                }
                            }
                        }
                    });
        }
        twins.stream()
                .filter(t -> !caughtBySome.contains(t))
                .forEach(t -> problems.add("twin " + t + " was caught by no tool"));
        return problems;
    }

    /** One line: each tool's catches out of the twins, and its errors. */
    static String summary(List<String> twins, List<TwinFindings> tools) {
        List<String> parts = new ArrayList<>();
        for (TwinFindings t : tools) {
            long caught = count(t, TwinFindings.Status.CAUGHT);
            long unchecked = count(t, TwinFindings.Status.NOT_CHECKED);
            long errors = count(t, TwinFindings.Status.ERROR);
            parts.add(String.format(
                    "%s caught %d of %d%s%s",
                    t.tool(),
                    caught,
                    twins.size(),
                    unchecked == 0 ? "" : " (" + unchecked + " not checked)",
                    errors == 0 && t.errors().isEmpty() ? "" : " with ERRORS"));
        }
        return "racy twins: " + String.join("; ", parts);
    }

    private static long count(TwinFindings t, TwinFindings.Status status) {
        return t.byTwin().values().stream().filter(c -> c.status() == status).count();
    }

    /**
     * The page.
     *
     * @param twins   every racy twin's id, in the page's order
     * @param tools   each tool's findings
     * @param command the command that made it
     * @param date    when it ran
     * @param machine the machine ({@code IndexPage.machine()})
     * @param shared  fixed costs measured once that several tools pay
     */
    static String markdown(
            List<String> twins,
            List<TwinFindings> tools,
            List<TwinFindings.Cost> shared,
            String command,
            String date,
            String machine) {
        List<String> problems = problems(tools);
        StringBuilder b = new StringBuilder("# Racy twins: jcstress, Lincheck and Fray, in one run\n\n");
        b.append(
                        problems.isEmpty()
                                ? "**Passed**: every tool reached a verdict on every twin and caught every twin"
                                        + " its own gate requires (jcstress and Fray: all; Lincheck: its plan's), and every twin was"
                                        + " caught. "
                                : "**FAILED**: a tool erred, or missed a twin its gate requires, or a twin was caught by no tool (the"
                                        + " problems are listed below). ")
                .append(summary(twins, tools))
                .append(".\n\n");
        b.append(MarkdownTable.of("", "")
                        .row("Command", MarkdownTable.code(command))
                        .row("Date", MarkdownTable.text(date))
                        .row("Machine", MarkdownTable.text(machine)))
                .append('\n');
        b.append("The times are this run's on this machine; under load they grow, and one run is one sample. A"
                + " status is **caught** (the tool reported a broken invariant or a non-linearizable run), **NOT"
                + " CAUGHT** (it ran its checks of the twin to the end and they passed), *not checked* (it has no check"
                + " of the twin) or **ERROR** (no verdict: never a catch). Lincheck's gate requires only the twins of"
                + " its plan; a twin outside it that Lincheck does not catch shows the reach of its scene.\n\n");
        for (TwinFindings t : tools) {
            b.append("- **")
                    .append(t.tool())
                    .append("**: ")
                    .append(t.measures())
                    .append('\n');
        }
        b.append('\n');
        List<String> headings = new ArrayList<>(List.of("twin"));
        for (TwinFindings t : tools) {
            headings.add(t.tool());
            t.headings().forEach(h -> headings.add(t.tool() + ": " + h));
        }
        MarkdownTable table = MarkdownTable.of(headings.toArray(String[]::new));
        for (String twin : twins) {
            List<Object> row = new ArrayList<>(List.of(MarkdownTable.code(twin)));
            for (TwinFindings t : tools) {
                TwinFindings.Cell c = t.byTwin().get(twin);
                if (c == null) {
                    row.add("**ERROR**: no finding");
                    t.headings().forEach(h -> row.add(""));
                    continue;
                }
                row.add(status(c.status()));
                c.values().forEach(v -> row.add(MarkdownTable.text(v)));
            }
            table.row(row.toArray());
        }
        b.append(table).append('\n');
        StringBuilder why = new StringBuilder();
        for (String twin : twins) {
            for (TwinFindings t : tools) {
                TwinFindings.Cell c = t.byTwin().get(twin);
                if (c != null
                        && c.status() != TwinFindings.Status.CAUGHT
                        && !c.reason().isEmpty()
                        && !t.errors().contains(c.reason())) {
                    why.append("- `")
                            .append(twin)
                            .append("`, ")
                            .append(t.tool())
                            .append(", ")
                            .append(status(c.status()))
                            .append(": ")
                            .append(c.reason().replace("\n", " "))
                            .append('\n');
                }
            }
        }
        for (TwinFindings t : tools) {
            t.errors()
                    .forEach(e -> why.append("- ")
                            .append(t.tool())
                            .append(", **ERROR** (no verdict): ")
                            .append(e.replace("\n", " "))
                            .append('\n'));
        }
        if (!why.isEmpty()) {
            b.append("## Why a twin was not caught\n\n").append(why).append('\n');
        }
        b.append("## Fixed costs and wall time\n\n");
        MarkdownTable costs = MarkdownTable.of("tool", "what", "time").right(2);
        shared.forEach(c -> costs.row("jcstress, Lincheck", MarkdownTable.text(c.what()), c.value()));
        for (TwinFindings t : tools) {
            t.costs().forEach(c -> costs.row(t.tool(), MarkdownTable.text(c.what()), c.value()));
            costs.row(t.tool(), "**its whole wall time in this run** (measured)", TwinFindings.seconds(t.wallMillis()));
        }
        b.append(costs).append('\n');
        if (!problems.isEmpty()) {
            b.append("## Problems\n\n");
            problems.forEach(p -> b.append("- ").append(p.replace("\n", " ")).append('\n'));
        }
        return b.toString();
    }

    private static String status(TwinFindings.Status s) {
        return switch (s) {
            case CAUGHT -> "caught";
            case NOT_CAUGHT -> "**NOT CAUGHT**";
            case NOT_CHECKED -> "*not checked*";
            case ERROR -> "**ERROR**";
        };
    }

    /**
     * The twins part's section of {@code reports/<run>/index.md}: whether every expectation was met, the
     * {@link #summary}, the link to this page, and every problem on a line of its own.
     *
     * @param problems the {@link #problems} (a line break in one is shown as a blank)
     * @param link     this page, relative to the index
     */
    static String section(List<String> problems, String summary, String link) {
        StringBuilder md = new StringBuilder("## Racy twins: jcstress, Lincheck and Fray compared\n\n");
        md.append(
                        problems.isEmpty()
                                ? "Every tool caught every twin its gate requires, and every twin was caught. "
                                : "**FAILED**. ")
                .append(summary)
                .append(". The comparison, with what each column measures and each tool's fixed costs: [")
                .append(link)
                .append("](")
                .append(link)
                .append(").\n");
        if (!problems.isEmpty()) {
            md.append('\n');
            problems.forEach(p -> md.append("- ").append(p.replace("\n", " ")).append('\n'));
        }
        return md.toString();
    }
}
