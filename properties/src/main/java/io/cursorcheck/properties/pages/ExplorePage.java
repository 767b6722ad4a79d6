package io.cursorcheck.properties.pages;

import io.cursorcheck.properties.campaign.ExploreRun;
import io.cursorcheck.properties.explore.Explorer;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import io.cursorcheck.spi.Algorithm;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code reports/explore.md}: the bounds proved, the findings' shortest scripts, the controls. */
public final class ExplorePage {

    /**
     * Why merging states by their key loses no behaviour: the premises, each with what it rests on;
     * {@code %1$s} is the link to {@code docs/spec.md}.
     */
    static final String DEDUPLICATION = """
            ## Why merging states is sound

            Two sequences reaching the same key are explored once. That is sound only if equal keys mean the
            same future: every continuation gives the same answers, settlements and verdicts from both. The key
            is built to make that true, on these premises:

            1. **Translation.** Positions are written relative to `bufferStart` and operation numbers by rank
               among the pending ones. Nothing in [the spec](%1$s) compares a position or a number with a constant; the
               checks compare them only with each other, so shifting all of them alike changes no verdict.
               The writer's running byte total (what `end()` completes with) is left out for the same reason:
               the snapshots compared after every step make it equal on both sides in every state that passed,
               and no check compares it with a constant. (This needs a subject with snapshots; every variant
               the explorer runs has them.)
            2. **Everything that decides a verdict is in the key**: each side's full state (entries and sizes,
               cursors, open reads, queued writes and ends, lifecycle, error) *and* the invariant checker's
               memory (the position each consumer must get next, its open reads, the pending writes and ends),
               for model and subject, and a scan-checked subject's reference, whose later scan counts are compared. Adding the checker's memory did not change a single state count in the
               gate's bound: for a correct pair it is a function of the broadcast state, as it should be.
            3. **Nothing is abstracted on the strength of the subject's own correctness.** Its cache is in the
               key even with nobody attached (where the correct class never reads it), and so is every stale
               entry of the waiting list (which the correct notify skips): a first version left both out,
               and the gate then missed the catalogue's `first-attach-keeps-stale-minimum`, a class that
               reads that stale cache. A key may only rest on what [the spec](%1$s) guarantees, never on what is checked.
            4. **Detached consumers** are kept as a sorted list of what their handles still answer (detached
               with or without an error), model and subject paired, not by number: a detached consumer
               takes part in no ordering, so two of them swapped on both sides change nothing, while a
               swap on one side only stays visible; **attached consumers keep their order**: attach order is
               observable (settlement order, which consumer a late joiner sits behind), so no list of
               consumers is ever sorted. One pairing is not in the key, a premise rather than a guarantee: a
               stale waiting-list entry of a detached consumer is written by its number (premise 3) and that
               consumer's answer in the unnumbered list, so two states that differ only in *which* detached
               consumer (say, one detached with error X, one with Y) is the stale waiter have one key. This is
               sound while a detached handle answers from its own record alone, whatever the waiting list
               holds, as [the spec](%1$s) requires (a detached consumer answers every later read from its own
               error); a subject whose detached handle consulted its stale waiting entry could be merged wrongly.
            5. **Consumer symmetry renames, it never reorders** (the default keying, `symmetric`). What is
               arbitrary is a consumer's *number*, not its place: every consumer in the key (the model's and
               the subject's lists, waiting lists, the checkers' books) is written as a label, by one map
               derived from the *model* alone: the consumers the model has attached get 0, 1, ... in the
               model's attach order, the detached ones the next labels in script order; each side's consumer
               of script index *i* gets the label of *i*. So equal keys mean one state is the other with the
               script's consumers permuted: every list keeps its order, a consumer is the same label on both
               sides (which consumer is which across model and subject is kept), and detached consumers' answers
               stay in the list of premise 4. Operations name consumers by script index and every consumer is
               offered the same operations, ids are only ever compared with each other (snapshots, answers, the
               checker's books), and new ids come from the number of attaches, which equal keys share: a
               permuted state has the permuted futures, at the same depths. The map never reads the subject
               (premise 3). `SymmetryProperties` checks it: renamed and unrenamed exploration agree on every
               control's verdict and shortest length, every conforming variant's verdict on the gate's bound and
               the known findings; an unsound reduction (the key without the cursors) hides
               `scan-counts-consumers-above-minimum`. No other symmetry is applied: operation numbers are
               already written by rank (premise 1), and none other has been shown sound.
            6. **One encoding.** Each side writes its state item by item into one prefix-free encoding (every
               item tagged, every list counted), compared byte for byte: never a hash alone. The `binary` keying
               is that key, `symmetric` the same with consumers renamed; a text form of a state (a message, a
               debugging print) is rendered from its bytes. `KeyCompletenessTest` shows a missing field would be
               seen: with a key that drops the cursors, `scan-counts-consumers-above-minimum` escapes the bound
               where the exact key catches it at its pinned length, and every key the model reaches decodes to
               what its state says, field by field (a key that drops the cursors, or the "past a finding" flag,
               fails that check).

            The fork of each side is checked against the original by `ForkTest` (a fork answers exactly as its
            original would, for every variant), and premise 2 by the checker being part of every key.
            """;

    private ExplorePage() {}

    /** The page. */
    public static String markdown(ExploreRun.Result r, String command) {
        StringBuilder b = new StringBuilder("# Exhaustive exploration\n\n");
        b.append(
                r.passed()
                        ? "**Passed**: every bound below holds"
                                + (r.controls().isEmpty() ? "" : ", and every" + " negative control was caught")
                                + ".\n\n"
                        : "**FAILED**: see the rows marked below.\n\n");
        b.append(MarkdownTable.of("", "")
                        .row("Command", MarkdownTable.code(command))
                        .row("Machine", IndexPage.machine() + ", " + threads(r))
                        .row(
                                "Method",
                                "breadth-first over every operation sequence of the scope, the model and"
                                        + " the subject in lockstep, every state checked as the lockstep engine checks it; states are"
                                        + " deduplicated by an exact canonical key of both sides (by default binary, consumers renamed:"
                                        + " premises 5 and 6 below), so a failure found is a shortest one;"
                                        + " each level's states expanded by several threads at once, the states, transitions, verdicts"
                                        + " and scripts the same whatever their count (of the states with one key, and of the failures"
                                        + " with one signature, the one a single thread meets first is kept)"))
                .append('\n');
        b.append(markdownSection(r));
        b.append(DEDUPLICATION.formatted(
                SpecLinks.from(Reports.latestOf(Reports.dir()), (String) null))); // at a run's top, latest's depth
        return b.toString();
    }

    /** The page's body, under {@code ##} headings (also the campaign's section). */
    public static String markdownSection(ExploreRun.Result r) {
        StringBuilder b = new StringBuilder();
        b.append("## Bounds proved\n\nA bound holds when every sequence of the scope was explored and the subject"
                + " never failed (findings against the model that `reports/findings/` knows are allowed). A state in"
                + " which the model itself throws, or breaks an invariant no known finding names, is recorded and not"
                + " expanded: past it there is no trustworthy reference; one in which it breaks an invariant a known"
                + " finding names without throwing (the stranded read) is recorded and explored past, the subject"
                + " still compared with the model (spec §3, \"After a finding\"). *algorithm*: `as-released` is spec §2, checked against `model`;"
                + " `corrected` is spec §8 (a flush never runs inside another), checked against `model-corrected`,"
                + " where no finding is known, so any failure, a known finding's included, breaks the bound.\n\n");
        MarkdownTable bounds = MarkdownTable.of(
                        "subject",
                        "algorithm",
                        "scope",
                        "states",
                        "transitions",
                        "depth",
                        "threads",
                        "time",
                        "CPU time",
                        "states/s",
                        "states per CPU second",
                        "state set",
                        "per thread (states per its CPU second)",
                        "verdict")
                .right(3, 4, 5, 6, 7, 8, 9, 10, 11);
        for (Explorer.Result x : r.bounds()) {
            bounds.row(
                    MarkdownTable.code(x.subject()),
                    r.algorithmOf(x.subject()),
                    MarkdownTable.text(String.valueOf(x.scope())),
                    String.format("%,d", x.states()),
                    String.format("%,d", x.transitions()),
                    x.depth() + (x.complete() ? "" : " (incomplete)"),
                    x.threads(),
                    String.format("%.1f s", x.millis() / 1000.0),
                    String.format("%.1f s", x.cpuMillis() / 1000.0),
                    String.format("%,.0f", x.statesPerSecond()),
                    String.format("%,.0f", x.statesPerCpuSecond()),
                    x.stateSetSize(),
                    perThread(x),
                    x.holds() ? "holds" : "**does not hold**");
        }
        b.append(bounds);
        b.append(
                "\n*CPU time* is the exploring threads' CPU time added up (measured per thread); *states per CPU second*"
                        + " divides the distinct states by it, the speed of one core whatever else the machine runs; *state"
                        + " set*: the memory the exact set of reached states took at the end (its tables and its pages of"
                        + " key bytes) and that over the states; *per"
                        + " thread*: each thread's share of the new states it put into the set first, and its states per second"
                        + " of its own CPU time.\n\n");
        b.append(operationsOfBounds(r));
        b.append("## Shortest scripts found\n\n");
        MarkdownTable found = MarkdownTable.of(
                        "subject", "algorithm", "policy", "failure", "length", "known finding", "script")
                .right(4);
        for (Explorer.Result x : r.bounds()) {
            for (Explorer.Found f : x.found()) {
                found.row(
                        MarkdownTable.code(x.subject()),
                        r.algorithmOf(x.subject()),
                        x.scope().policy(),
                        MarkdownTable.text(f.failure().title()),
                        f.run().script().length(),
                        f.known() == null
                                ? (f.againstSubject() ? "" : "**new**")
                                : f.known().name(),
                        link(r.pages(), x.subject(), f));
            }
        }
        b.append(found.size() > 0 ? found + "\n" : "None: no failure of any kind within these bounds.\n\n");
        if (r.controls().isEmpty()) {
            return b.toString();
        }
        b.append("## Negative controls: shortest vs shrunk\n\n`dirty-flag` and every non-equivalent mutant of the"
                + " catalogue, explored in the gate's scope (2 consumers, budget 2, sizes {0,1,2}, up to 11 deep) and in"
                + " the writer-paths scope (the same with abort, drain, spoil, writev and endSync, 7 deep; 8 with"
                + " `--deep`) one operation deeper at a time under every policy of both until one fails: its"
                + " counterexample is as short as any in either, so it can be no longer than the one the random"
                + " engine reports (seed 20261129: the shrinker's 1-minimal script, then a breadth-first search over its"
                + " alphabet for a shortest one of the same failure; longer than the explorer's only where the random"
                + " run found another failure than the explorer's first). Each mutant runs under both algorithms: as released against"
                + " `model`, and corrected (`<mutant>+corrected`, the patched class made with `Algorithm.CORRECTED`)"
                + " against `model-corrected`, unless it is equivalent there (a path only a nested flush reaches, or a"
                + " cursor left past end by a spoiled read).\n\n");
        MarkdownTable controls = MarkdownTable.of(
                        "control",
                        "algorithm",
                        "caught in",
                        "by",
                        "explorer's length",
                        "random engine's length",
                        "script")
                .right(4, 5);
        for (ExploreRun.Control c : r.controls()) {
            if (c.caught() == null) {
                controls.row(
                        MarkdownTable.code(c.subject()),
                        c.algorithm(),
                        "**not caught**",
                        "",
                        "",
                        c.shrunk() < 0 ? "" : String.valueOf(c.shrunk()),
                        "");
                continue;
            }
            controls.row(
                    MarkdownTable.code(c.subject()),
                    c.algorithm(),
                    MarkdownTable.text(String.valueOf(c.scope())),
                    MarkdownTable.text(c.caught().failure().title()),
                    c.caught().run().script().length(),
                    c.shrunk() < 0 ? "missed" : String.valueOf(c.shrunk()),
                    link(r.pages(), c.subject(), c.caught()));
        }
        b.append(controls).append('\n');
        b.append(lengthsUnderBothAlgorithms(r));
        return b.toString();
    }

    /** The thread counts of the run's explorations, e.g. {@code 2 threads per exploration}. */
    static String threads(ExploreRun.Result r) {
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>();
        r.bounds().forEach(x -> counts.add(x.threads()));
        if (counts.isEmpty()) {
            return "no exploration";
        }
        String list = counts.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" or "));
        return list + (counts.size() == 1 && counts.first() == 1 ? " thread" : " threads") + " per exploration";
    }

    /** Each thread's share of the states and its states per CPU second, e.g. {@code 51% at 40,000; 49% at 39,000}. */
    public static String perThread(Explorer.Result x) {
        long total = Math.max(
                1, x.workers().stream().mapToLong(Explorer.Worker::states).sum());
        return x.workers().stream()
                .map(w -> String.format("%.0f%% at %,.0f", 100.0 * w.states() / total, w.statesPerCpuSecond()))
                .collect(java.util.stream.Collectors.joining("; "));
    }

    /** Which operations each bound of the table explores (the writer's further paths only where the scope says so). */
    static String operationsOfBounds(ExploreRun.Result r) {
        java.util.Set<String> kinds = new java.util.LinkedHashSet<>();
        for (Explorer.Result x : r.bounds()) {
            kinds.add((x.scope().writerPaths()
                            ? "A bound whose scope says *writer paths* explores: "
                            : "A bound without *writer paths* explores: ")
                    + x.scope().operationNames() + ".");
        }
        return kinds.isEmpty() ? "" : String.join("\n", kinds) + "\n\n";
    }

    /**
     * The controls run under both algorithms side by side: the explorer's shortest length as released
     * and corrected, and whether they differ. They may: the corrected algorithm never nests a flush, so a
     * mutant whose shortest failure as released passes through a nested flush has another, possibly
     * longer, shortest failure corrected; the table shows every such case rather than hiding it.
     */
    static String lengthsUnderBothAlgorithms(ExploreRun.Result r) {
        Map<String, ExploreRun.Control> asReleased = new LinkedHashMap<>();
        Map<String, ExploreRun.Control> corrected = new LinkedHashMap<>();
        for (ExploreRun.Control c : r.controls()) {
            if (c.algorithm() == Algorithm.CORRECTED && c.subject().endsWith(MutantCompiler.CORRECTED_SUFFIX)) {
                corrected.put(
                        c.subject().substring(0, c.subject().length() - MutantCompiler.CORRECTED_SUFFIX.length()), c);
            } else if (c.algorithm() == Algorithm.AS_RELEASED) {
                asReleased.put(c.subject(), c);
            }
        }
        if (corrected.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("### Controls under both algorithms\n\n");
        MarkdownTable rows =
                MarkdownTable.of("mutant", "as released", "corrected", "").right(1, 2);
        int same = 0;
        int both = 0;
        for (Map.Entry<String, ExploreRun.Control> e : asReleased.entrySet()) {
            ExploreRun.Control c = corrected.get(e.getKey());
            if (c == null) {
                continue;
            }
            both++;
            String released = length(e.getValue());
            String fixed = length(c);
            boolean equal = released.equals(fixed);
            same += equal ? 1 : 0;
            rows.row(MarkdownTable.code(e.getKey()), released, fixed, equal ? "same" : "**differs**");
        }
        b.append(String.format(
                "%d of %d mutants run under both algorithms have the same shortest length.%n%n", same, both));
        b.append(rows).append('\n');
        return b.toString();
    }

    private static String length(ExploreRun.Control c) {
        return c.caught() == null
                ? "not caught"
                : String.valueOf(c.caught().run().script().length());
    }

    private static String link(Map<String, Path> pages, String subject, Explorer.Found f) {
        String script = String.join("; ", f.run().script().lines());
        Path page = pages.get(subject + " " + f.failure().signature());
        if (page == null) {
            return "`" + script + "`";
        }
        // Explore pages sit at the top of their run's folder, as does the campaign's index that embeds them.
        return "[" + script + "](" + Reports.link(Reports.runOf(page), page) + ")";
    }
}
