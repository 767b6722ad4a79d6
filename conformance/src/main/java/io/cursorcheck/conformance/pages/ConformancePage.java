package io.cursorcheck.conformance.pages;

import io.cursorcheck.conformance.Causes;
import io.cursorcheck.conformance.Conformance;
import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.judge.FindingOnRelease;
import io.cursorcheck.conformance.judge.OutsideGuarantees;
import io.cursorcheck.conformance.judge.Patterns;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.protocol.ProgramSubject;
import io.cursorcheck.conformance.release.BroadcastSource;
import io.cursorcheck.properties.Observation;
import io.cursorcheck.properties.OutsideView;
import io.cursorcheck.properties.Probe;
import io.cursorcheck.properties.report.Compact;
import io.cursorcheck.properties.report.MarkdownTable;
import io.cursorcheck.properties.report.Reports;
import io.cursorcheck.properties.report.SpecLinks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Markdown pages of the conformance check: one per difference, one per release, the index. */
public final class ConformancePage {

    private ConformancePage() {}

    /** A difference's page: what differs, the script, both sides step by step, the reproduction. */
    public static String difference(Conformance.Difference d, ExternalSubject subject, Path json, Path mjs) {
        var cx = d.counterexample();
        var f = cx.failure();
        Path here = json.toAbsolutePath().getParent(); // the page is written next to its JSON file
        StringBuilder b = new StringBuilder();
        // A program checked through the protocol is held to the spec: Differences' rules, which sort a release's
        // differences into findings and fixes, have nothing to say about it, and every difference fails its run.
        boolean program = mjs == null;
        b.append("# `")
                .append(subject.id())
                .append("`: ")
                .append(program ? "differs from the model" : d.kind().title())
                .append("\n\n");
        MarkdownTable facts = MarkdownTable.of("", "");
        facts.row(
                mjs == null ? "Implementation" : "Release",
                MarkdownTable.text(subject.hello().summary()));
        if (subject.source() != null) {
            facts.row(
                    "broadcast.js",
                    subject.source().source().builtin()
                            ? "the release's embedded source"
                            : MarkdownTable.code(subject.source().source().spec()) + " (SHA-256 `"
                                    + subject.source().sha256() + "`)");
        }
        if (subject.algorithm() == io.cursorcheck.spi.Algorithm.CORRECTED) {
            facts.row("Model", "`model-corrected` (docs/spec.md §8)");
        }
        facts.row(
                "Verdict",
                "**" + (program ? "FAILS" : d.kind().verdict())
                        + (program
                                ? "**: the subject answered otherwise than the model of [the spec]("
                                        + SpecLinks.from(here, (String) null) + ")"
                                : "**"));
        if (d.kind().invariant() != null) {
            facts.row(
                    "At stake",
                    "[" + MarkdownTable.text(d.kind().invariant()) + "]("
                            + SpecLinks.from(here, SpecLinks.anchorOf(d.kind().invariant())) + ")");
        }
        if (program) { // the group its subject's index shows it in
            String cause = Causes.key(d.kind(), f);
            facts.row(
                    "Cause",
                    "`" + cause + "`: "
                            + MarkdownTable.text(Causes.of(List.of(d)).get(0).title()) + " ([all causes](index.md))");
        }
        facts.row("Signature", MarkdownTable.code(d.signature()));
        if (!program && Differences.answersAsDirtyFlagPort(cx)) {
            // An explanation, never a verdict (docs/spec.md §6): a faithful port has that algorithm's bugs too.
            facts.row(
                    "Explanation",
                    "answers as the algorithm before PR #63322 does (the suite's `dirty-flag` port diverges from the"
                            + " model on this script and, at the step, answers as the release does)");
        }
        facts.row("Options", cx.script().options());
        // A known finding's own script is no random sequence: it has no seed, and is not one of the hits.
        facts.row(
                "Found by",
                (cx.seed() == null
                                ? MarkdownTable.text(String.valueOf(cx.source()))
                                : "random sequence, seed `" + Long.toUnsignedString(cx.seed()) + "`")
                        + " ("
                        + cx.original() + " operations), shrunk to "
                        + cx.script().length() + " in "
                        + cx.evaluations() + " runs; " + d.hits()
                        + (cx.seed() == null
                                ? " random sequence(s) of the run ended here too"
                                : " sequence(s) of the run ended here"));
        facts.row(
                "Replayed",
                d.replayed()
                        ? "yes: the shrunk script fails the same way again on this " + (program ? "subject" : "release")
                        : "**no**: the replay did not fail the same way");
        if (mjs == null) { // a subject that is no release: no JavaScript reproduction; its replay commands instead
            facts.row("Subject", MarkdownTable.code(ProgramSubject.shell(subject.command())));
            facts.row(
                    "Files",
                    "[`" + json.getFileName() + "`](" + json.getFileName()
                            + ") (the counterexample; replay commands below)");
        } else {
            facts.row(
                    "Files",
                    "[`" + json.getFileName() + "`](" + json.getFileName()
                            + (subject.source() == null
                                    ? ") (replay: `bin/cursorcheck replay " + Reports.relative(json) + "`), [`"
                                    // bin/cursorcheck replay knows releases and variants, not a broadcast.js file: the
                                    // reproduction's command below is this difference's replay.
                                    : ") (the script; replay it with the reproduction's command below), [`")
                            + mjs.getFileName() + "`](" + mjs.getFileName() + ") (standalone)");
        }
        b.append(facts).append('\n');
        if (program) {
            b.append("## What it is\n\nThe script below, run on the subject and on the model side by side, gets another"
                    + " answer or probe from the subject at the marked step. The model is the spec's reference (its state"
                    + " is in the table): read the marked step and the spec's procedure for that operation to see which"
                    + " side is wrong.\n\n");
        } else if (!d.kind().explanation().isEmpty()) {
            b.append("## What it is\n\n").append(d.kind().explanation()).append("\n\n");
        }
        b.append("## Script\n\n```\n// ").append(cx.script().options()).append('\n');
        List<String> lines = cx.script().lines();
        for (int i = 0; i < lines.size(); i++) {
            b.append(lines.get(i))
                    .append(i == f.step() ? "   // <- differs here" : "")
                    .append('\n');
        }
        b.append("```\n\n## Step by step\n\n");
        b.append("Entries are named by the write that stored them (`DATA(#3, 1B)`: the entry written by operation #3,"
                + " of size 1); settlements are listed in operation order. The model's state is the one [the spec]("
                + SpecLinks.from(here, "1-state") + ") describes; the " + (program ? "subject" : "release")
                + " shows only its probe (`consumerCount`, `canWrite`).\n\n");
        MarkdownTable steps = MarkdownTable.of(
                "#",
                "operation",
                "model answer",
                subject.id() + " answer",
                "model state",
                "model probe",
                subject.id() + " probe");
        for (int i = 0; i < d.run().model().size(); i++) {
            Observation m = d.run().model().get(i);
            Observation s = d.run().subject().get(i);
            String ma = modelAnswer(d, i, subject.algorithm());
            String sa = OutsideView.answer(OutsideView.ordered(s));
            String mp = m.snapshot() == null
                    ? ""
                    : Probe.of(m.snapshot(), cx.script().options()).toString();
            String sp = s.probe() == null ? "" : s.probe().toString();
            steps.row(
                    i + (i == f.step() ? " **⚠**" : ""),
                    MarkdownTable.code(lines.get(i)),
                    MarkdownTable.text(ma),
                    MarkdownTable.bold(sa, !sa.equals(ma)),
                    MarkdownTable.text(Compact.state(m.snapshot())),
                    MarkdownTable.text(mp),
                    MarkdownTable.bold(sp, !sp.equals(mp)));
        }
        b.append(steps).append("\n").append(oneLine(f.detail())).append("\n\n");
        if (mjs == null) {
            b.append("## Replay\n\nThe counterexample file, step by step against the same program (model and subject"
                            + " side by side; exit 1 while it still fails):\n\n```\n")
                    .append(ProgramSubject.replayFile(json, subject.command()))
                    .append("\n```\n\n");
            if (cx.seed() != null) {
                b.append("The random sequence it was shrunk from, regenerated from its seed:\n\n```\n")
                        .append(ProgramSubject.replaySeed(cx.seed(), cx.maxSteps(), subject.command()))
                        .append("\n```\n");
            }
            return b.toString();
        }
        b.append("## Standalone reproduction\n\n`")
                .append(mjs.getFileName())
                .append("` does the same with `node:stream/iter`"
                        + " alone and prints, at every step, the release's answer, the settlements and the probe next to the"
                        + " model's; its last line says whether the failing step differs. It was run on ")
                .append(subject.id())
                .append(" right after it was written: ");
        Reproduction.Check check = d.reproduction();
        b.append(
                        check.shows()
                                ? "**it reproduces**: " + oneLine(check.why())
                                : "**it does NOT reproduce** (an error of the run): " + oneLine(check.why()))
                .append(".\n\n");
        if (subject.source() != null) {
            b.append("Rerun it exactly (the loader's flags make `node:stream/iter` take `broadcast` from the same"
                            + " source):\n\n```\n")
                    .append(Reproduction.command(
                            Reproduction.launcher(Path.of(subject.command().get(0)), subject.runtimeFlags()),
                            io.cursorcheck.properties.report.Reports.published(mjs)))
                    .append("\n```\n\n");
        }
        b.append("What it printed:\n\n```\n")
                .append(check.output().replace("```", "` ` `"))
                .append("\n```\n");
        return b.toString();
    }

    /**
     * The page of a fault seen after a sequence's first difference (docs/spec.md §6, the whole trace): the release's
     * own answers through the breach, which the outside checker judged without the model, and the first difference
     * of the shrunk script, which a replay of its file shows.
     *
     * @param alone  the release's observations of the shrunk script, run alone
     * @param breach the breach the shrunk script shows
     * @param first  the step of the first difference of the sequence it was found in
     */
    public static String laterFault(
            Conformance.Difference d,
            ExternalSubject subject,
            Path json,
            List<Observation> alone,
            io.cursorcheck.conformance.judge.OutsideGuarantees.Breach breach,
            int first,
            boolean program) {
        var cx = d.counterexample();
        Path here = json.toAbsolutePath().getParent();
        StringBuilder b = new StringBuilder();
        b.append("# `")
                .append(subject.id())
                .append("`: ")
                .append(d.kind().title())
                .append(" (after a first difference)\n\n");
        MarkdownTable facts = MarkdownTable.of("", "");
        facts.row(
                program ? "Implementation" : "Release",
                MarkdownTable.text(subject.hello().summary()));
        facts.row("Verdict", "**" + d.kind().verdict() + "**");
        if (d.kind().invariant() != null) {
            facts.row(
                    "At stake",
                    "[" + MarkdownTable.text(d.kind().invariant()) + "]("
                            + SpecLinks.from(here, SpecLinks.anchorOf(d.kind().invariant())) + ")");
        }
        facts.row(
                "Judged",
                "rule `" + breach.rule().id() + "` of the outside checker (`OutsideGuarantees`), on the release's own"
                        + " answers, settlements and operations alone: the model plays no part");
        facts.row("Signature", MarkdownTable.code(d.signature()));
        facts.row("Options", cx.script().options());
        facts.row(
                "Found by",
                "random sequence, seed `" + Long.toUnsignedString(cx.seed()) + "` (" + cx.original()
                        + " operations through the breach; its first difference from the model at step " + first
                        + "), shrunk on the release alone to " + cx.script().length() + " in " + cx.evaluations()
                        + " runs; " + d.hits() + " sequence(s) of the run broke this rule after a first difference");
        facts.row(
                "Replayed",
                d.replayed()
                        ? "yes: the shrunk script breaks the same rule again on this "
                                + (program ? "subject" : "release")
                        : "**no**: the replay did not break the same rule");
        facts.row(
                "Files",
                "[`" + json.getFileName() + "`](" + json.getFileName()
                        + ") (replay: `"
                        + (program
                                ? ProgramSubject.replayFile(json, subject.command())
                                : "bin/cursorcheck replay " + Reports.relative(json))
                        + "` shows the model and the " + (program ? "subject" : "release")
                        + " side by side up to their first difference, step "
                        + cx.failure().step() + ")");
        b.append(facts).append('\n');
        b.append("## What it is\n\nA sequence that first differs from the model goes on with the release alone: the"
                        + " model can no longer be compared step by step, but the guarantees can. This fault shows"
                        + " after the first difference, under a rule the first difference did not break, so it is a"
                        + " fault of its own. ")
                .append(d.kind().explanation())
                .append("\n\n**The breach**: ")
                .append(oneLine(breach.toString()))
                .append(".\n\n## Script\n\n```\n// ")
                .append(cx.script().options())
                .append('\n');
        List<String> lines = cx.script().lines();
        for (int i = 0; i < lines.size(); i++) {
            b.append(lines.get(i))
                    .append(
                            i == breach.step()
                                    ? "   // <- breaks " + breach.rule().id() + " here"
                                    : "")
                    .append(
                            i == cx.failure().step() && i != breach.step()
                                    ? "   // first difference from the model"
                                    : "")
                    .append('\n');
        }
        b.append("```\n\n## The release's answers\n\n");
        MarkdownTable steps = MarkdownTable.of("#", "operation", subject.id() + " answer", subject.id() + " probe");
        for (int i = 0; i < alone.size() && i < lines.size(); i++) {
            Observation s = alone.get(i);
            String sa =
                    s.thrown() != null ? "threw " + s.thrown().message() : OutsideView.answer(OutsideView.ordered(s));
            steps.row(
                    i + (i == breach.step() ? " **⚠**" : ""),
                    MarkdownTable.code(lines.get(i)),
                    MarkdownTable.text(sa),
                    MarkdownTable.text(s.probe() == null ? "" : s.probe().toString()));
        }
        b.append(steps).append('\n');
        return b.toString();
    }

    private static String modelAnswer(Conformance.Difference d, int i, io.cursorcheck.spi.Algorithm algorithm) {
        return Reproduction.modelAnswer(d.run(), i, algorithm);
    }

    /**
     * The page of a run: a release's ({@link #version(Conformance.Result)}), or for a subject that is no release
     * ({@link Conformance.Result#release()} null) its own, by cause, whose replay commands run {@code command}.
     *
     * @param command the subject's command line (its replay commands start it), unused for a release
     */
    public static String version(Conformance.Result r, List<String> command) {
        return r.release() == null ? subjectPage(r, command) : version(r);
    }

    /**
     * A release's page: what ran, every difference by kind, the known findings replayed. A subject that is no
     * release gets its own page, without the replay commands, which need its command line
     * ({@link #version(Conformance.Result, List)} gives them).
     */
    public static String version(Conformance.Result r) {
        if (r.release() == null) {
            return subjectPage(r, List.of());
        }
        StringBuilder b = new StringBuilder();
        b.append("# Conformance: ").append(r.subject()).append("\n\n");
        b.append(oneLine(r.hello().summary())).append(".\n\n");
        subject(b, r);
        b.append(String.format(
                "%,d random sequences, %,d operations in %.0f s; %d shape(s) of difference, each"
                        + " shrunk, replayed and classified, each distinct shrunk script with its page and "
                        + (r.release() == null
                                ? "the commands that replay it"
                                : "its standalone reproduction, run on" + " the release")
                        + "; %d subject process restart(s).%n%n",
                r.sequences(),
                r.operations(),
                r.millis() / 1000.0,
                r.differences().size(),
                r.restarts()));
        unsupported(b, r);
        b.append(patterns(r));
        witnesses(b, r);
        undecided(b, r);
        if (r.protocolErrors().count() > 0) {
            b.append("## Protocol errors\n\n**")
                    .append(r.protocolErrors().count())
                    .append(" protocol error(s)**: the"
                            + " adapter or the subject broke the cursorcheck-subject protocol (docs/protocol.md"
                            + "). That is a broken adapter or subject, not a difference of semantics:"
                            + " no such sequence was shrunk, classified or counted above, each process that broke the"
                            + " protocol was replaced by a fresh one, and the run's verdict fails.");
            if (r.protocolErrors().count() > r.protocolErrors().first().size()) {
                b.append(" The first ")
                        .append(r.protocolErrors().first().size())
                        .append(":");
            }
            b.append("\n\n");
            r.protocolErrors()
                    .first()
                    .forEach(e -> b.append("- ").append(literal(e)).append('\n'));
            b.append('\n');
        }
        if (!r.differences().isEmpty()) {
            MarkdownTable kinds = MarkdownTable.of("kind", "verdict", "shapes", "sequences", "pages")
                    .right(2, 3);
            Map<Differences.Kind, List<Conformance.Difference>> byKind = new LinkedHashMap<>();
            r.differences()
                    .forEach(d -> byKind.computeIfAbsent(d.kind(), k -> new ArrayList<>())
                            .add(d));
            byKind.forEach((kind, ds) -> {
                List<String> pages = new ArrayList<>();
                java.util.Set<Path> seen = new java.util.HashSet<>(); // an exact repeat shares its page: listed once
                for (Conformance.Difference d : ds) {
                    if (d.page() != null && seen.add(d.page())) {
                        pages.add("[" + (pages.size() + 1) + "](" + d.page().getFileName() + ")");
                    }
                }
                kinds.row(
                        MarkdownTable.text(kind.id() + ": " + kind.title()),
                        kind.verdict(),
                        ds.size(),
                        ds.stream().mapToLong(Conformance.Difference::hits).sum(),
                        String.join(", ", pages));
            });
            b.append(kinds).append('\n');
            byKind.keySet().stream()
                    .filter(k -> k.evidence() != null)
                    .forEach(k -> b.append("- ")
                            .append(k.id())
                            .append(", earlier semantics: ")
                            .append(oneLine(k.evidence()))
                            .append('\n'));
            b.append("\nEvery shape (signature: the operation and the kinds each side answered), shrunk, by kind; the"
                    + " breach is what the outside guarantee checker found in the release's own answers, without the"
                    + " model; the reproduction column says whether the standalone program showed the difference when it"
                    + " was run on the release:\n\n");
            MarkdownTable shapes = MarkdownTable.of(
                            "kind", "sequences", "shrunk to", "signature", "breach", "reproduction")
                    .right(1, 2);
            byKind.values().stream()
                    .flatMap(List::stream)
                    .forEach(d -> shapes.row(
                            d.page() == null
                                    ? d.kind().id()
                                    : "[" + d.kind().id() + "](" + d.page().getFileName() + ")",
                            d.hits(),
                            d.counterexample().script().length(),
                            MarkdownTable.code(d.signature()),
                            MarkdownTable.text(breach(d)),
                            d.reproduction() == null
                                    ? ""
                                    : d.reproduction().shows() ? "shows it" : "**does NOT show it**"));
            b.append(shapes).append('\n');
        }
        if (r.signatures().size() > r.differences().size()) {
            b.append("Further signatures, seen but not shrunk (the time for shrinking ran out):\n\n");
            r.signatures().entrySet().stream()
                    .skip(r.differences().size())
                    .forEach(e -> b.append("- `")
                            .append(oneLine(e.getKey()))
                            .append("`: ")
                            .append(e.getValue())
                            .append(" sequence(s)\n"));
            b.append('\n');
        }
        findings(b, r);
        b.append("## Known findings against the model, replayed here\n\n");
        for (Conformance.KnownReplay k : r.known()) {
            b.append("- [")
                    .append(k.finding().name())
                    .append("](../../../findings/")
                    .append(k.finding().name())
                    .append("/README.md): ")
                    .append(replayed(k, "the release"))
                    .append(
                            r.knownHits().containsKey(k.finding().name())
                                    ? "; hit by "
                                            + r.knownHits().get(k.finding().name()) + " random sequence(s)"
                                    : "")
                    .append('\n');
        }
        return b.toString();
    }

    /**
     * A subject's page, whose replay commands run {@code command}. A subject is held to the spec: every difference fails its run, so the page says whether
     * it differs from the spec and why, by cause ({@link Causes}): each cause by its shortest shrunk script, in
     * full with its replay command, then one line linking its other shapes. The words of a release's judge
     * (earlier semantics, undecided, a changelog's evidence) have no place on it.
     */
    static String subjectPage(Conformance.Result r, List<String> command) {
        List<Causes.Cause> causes = Causes.of(r.differences());
        List<String> problems = ProgramSubject.runProblems(r);
        boolean passed = causes.isEmpty() && problems.isEmpty();
        StringBuilder b = new StringBuilder();
        b.append("# Subject `")
                .append(r.subject())
                .append("`: ")
                .append(
                        !causes.isEmpty()
                                ? "differs from the spec"
                                : passed ? "no difference from the spec" : "the run failed")
                .append("\n\n");
        b.append(oneLine(r.hello().summary())).append(".\n\n");
        b.append(MarkdownTable.of("", "")
                        .row(
                                "Subject",
                                "a program given by its command (`bin/cursorcheck subject`), held to the spec"
                                        + " (docs/spec.md): every difference from its model fails the run")
                        .row("Model", "`model`: the algorithm of docs/spec.md §2")
                        .row("Verdict", "**" + MarkdownTable.text(ProgramSubject.verdict(r)) + "**")
                        .row("Index", "no row in reports/conformance/index.md; this page is this run's only record"))
                .append('\n');
        b.append(String.format(
                "%,d random sequences, %,d operations in %.0f s; %d shape(s) of difference in %d cause(s), each shape"
                        + " shrunk and replayed, each distinct shrunk script with its page and the commands that"
                        + " replay it; %d subject process restart(s).%n%n",
                r.sequences(),
                r.operations(),
                r.millis() / 1000.0,
                r.differences().size(),
                causes.size(),
                r.restarts()));
        if (!problems.isEmpty()) {
            b.append("## Problems of the run\n\n");
            problems.forEach(p -> b.append("- ").append(literal(p)).append('\n'));
            b.append('\n');
        }
        if (!causes.isEmpty()) {
            b.append("## Differs from the spec: ")
                    .append(causes.size())
                    .append(" cause(s)\n\n")
                    .append("Each cause is one group of shapes (a shape: the operation and the kinds each side"
                            + " answered): a difference that breaks a guarantee by the guarantee, any other by what"
                            + " differs first (the outcome, the settlements, the values or a field of the probe),"
                            + " whatever the operation. Each is shown by its shortest shrunk script; fix that one"
                            + " first, then run again.\n\n");
            int n = 0;
            for (Causes.Cause c : causes) {
                cause(b, ++n, c, command);
            }
        }
        if (r.signatures().size() > r.differences().size()) {
            b.append("Further signatures, seen but not shrunk (the time for shrinking ran out):\n\n");
            r.signatures().entrySet().stream()
                    .skip(r.differences().size())
                    .forEach(e -> b.append("- `")
                            .append(oneLine(e.getKey()))
                            .append("`: ")
                            .append(e.getValue())
                            .append(" sequence(s)\n"));
            b.append('\n');
        }
        if (r.protocolErrors().count() > 0) {
            b.append("## Protocol errors\n\n**")
                    .append(r.protocolErrors().count())
                    .append(" protocol error(s)**: the subject broke the cursorcheck-subject protocol"
                            + " (docs/protocol.md), which fails the run; no such sequence was shrunk or counted"
                            + " above, and each process that broke it was replaced by a fresh one. The first:\n\n");
            r.protocolErrors()
                    .first()
                    .forEach(e -> b.append("- ").append(literal(e)).append('\n'));
            b.append('\n');
        }
        unsupported(b, r);
        b.append(patterns(r));
        b.append("## Known findings against the model, replayed here\n\n")
                .append("Scripts where the spec's own algorithm breaks an invariant (reports/findings/): what the"
                        + " subject answers there.\n\n");
        for (Conformance.KnownReplay k : r.known()) {
            b.append("- [")
                    .append(k.finding().name())
                    .append("](../../../findings/")
                    .append(k.finding().name())
                    .append("/README.md): ")
                    .append(replayed(k, "the subject"))
                    .append('\n');
        }
        return b.toString();
    }

    /** One cause on a subject's page: its shortest shrunk script in full, its replay, a line for the rest. */
    private static void cause(StringBuilder b, int n, Causes.Cause c, List<String> command) {
        Conformance.Difference d = c.shortest();
        var cx = d.counterexample();
        b.append("### ")
                .append(n)
                .append(". `")
                .append(c.key())
                .append("`: ")
                .append(oneLine(c.title())) // the suite's own words, not the subject's: no escaping
                .append("\n\n")
                .append(c.shapes().size())
                .append(" shape(s), ")
                .append(c.hits())
                .append(" random sequence(s). The shortest, ")
                .append(
                        d.page() == null
                                ? ""
                                : "[" + d.page().getFileName() + "](" + d.page().getFileName() + "), ")
                .append("shrunk to ")
                .append(cx.script().length())
                .append(" operations: `")
                .append(oneLine(d.signature()).replace("`", "'"))
                .append("`, ")
                .append(oneLine(cx.failure().detail()))
                .append("\n\n```\n// ")
                .append(cx.script().options())
                .append('\n');
        List<String> lines = cx.script().lines();
        for (int i = 0; i < lines.size(); i++) {
            b.append(lines.get(i))
                    .append(i == cx.failure().step() ? "   // <- differs here" : "")
                    .append('\n');
        }
        b.append("```\n\n");
        if (d.page() != null && !command.isEmpty()) {
            Path json =
                    d.page().resolveSibling(d.page().getFileName().toString().replaceFirst("\\.md$", ".json"));
            b.append("Replay it step by step, model and subject side by side:\n\n```\n")
                    .append(ProgramSubject.replayFile(json, command))
                    .append("\n```\n\n");
        }
        List<Path> others = c.otherPages();
        int more = c.shapes().size() - 1;
        if (more > 0) {
            b.append("and ")
                    .append(more)
                    .append(more == 1 ? " more shape" : " more shapes")
                    .append(" of the same kind");
            if (!others.isEmpty()) {
                b.append(": ");
                for (int i = 0; i < others.size(); i++) {
                    String file = others.get(i).getFileName().toString();
                    b.append(i == 0 ? "" : ", ")
                            .append('[')
                            .append(file.replaceFirst("\\.md$", ""))
                            .append("](")
                            .append(file)
                            .append(')');
                }
            }
            b.append(".\n\n");
        }
    }

    /**
     * What ran on a release, when it is not the release's own module against the as-released model: the source file with
     * its SHA-256, the model, what such a run expects, and that it has no row in the index.
     */
    private static void subject(StringBuilder b, Conformance.Result r) {
        if (r.source() == null && r.algorithm() == io.cursorcheck.spi.Algorithm.AS_RELEASED) {
            return;
        }
        MarkdownTable facts =
                MarkdownTable.of("", "").row("Release", r.release().id());
        if (r.source() != null) {
            BroadcastSource src = r.source().source();
            facts.row(
                    "broadcast.js",
                    src.builtin()
                            ? "the release's own, embedded in it"
                                    + " (`internal/streams/iter/broadcast`), loaded through the source loader"
                            : MarkdownTable.code(src.file().toString()) + ", loaded through the source loader");
            if (r.source().sha256() != null) {
                facts.row("SHA-256", MarkdownTable.code(r.source().sha256()));
            }
            facts.row("Loader", MarkdownTable.code(String.join(" ", src.flags())));
        }
        facts.row(
                "Model",
                r.algorithm() == io.cursorcheck.spi.Algorithm.CORRECTED
                        ? "`model-corrected`: the corrected algorithm of docs/spec.md §8 (one flush at a time)"
                        : "`model`: the algorithm as released, docs/spec.md §2");
        facts.row(
                "Index",
                "no row: reports/conformance/index.md lists the releases' own runs; this page is this"
                        + " run's only record");
        b.append(facts).append('\n');
        if (r.algorithm() == io.cursorcheck.spi.Algorithm.CORRECTED) {
            b.append("Against the corrected model no known finding is expected: each finding's own script is one more"
                    + " sequence, which a corrected source answers like the model to its end (\"does not have it\""
                    + " below). A clean run has no difference that breaks a guarantee and none UNDECIDED; any such"
                    + " difference fails it.\n\n");
        }
    }

    /** The patterns every run must make, with the sequences that made each: a blind spot shows as a 0. */
    private static String patterns(Conformance.Result r) {
        StringBuilder b = new StringBuilder("Patterns the spec covers on every "
                + (r.release() == null ? "subject" : "release")
                + ", made on this one (a run of at"
                + " least " + Patterns.MIN_SEQUENCES + " sequences that never makes one has a blind spot, an error of"
                + " the run):\n\n");
        MarkdownTable table =
                MarkdownTable.of("pattern", "what counts", "sequences").right(2);
        List<Patterns.Pattern> missing = r.missingPatterns();
        r.patterns()
                .forEach((p, n) -> table.row(
                        p.title(),
                        MarkdownTable.text(p.meaning()),
                        missing.contains(p) ? "**0: never made**" : String.format("%,d", n)));
        return b.append(table).append('\n').toString();
    }

    /** The undecided shapes, first on the page: each needs a person to look at it. */
    /** The operations of the protocol the subject's API cannot express, each with why (never drawn). */
    private static void unsupported(StringBuilder b, Conformance.Result r) {
        b.append(
                r.hello().unsupported().isEmpty()
                        ? "The API can express every operation of the protocol.\n\n"
                        : "Operations of the protocol the API cannot express (never drawn):\n\n");
        r.hello()
                .unsupported()
                .forEach(u -> b.append("- `")
                        .append(u.op())
                        .append("`: ")
                        .append(literal(u.why()))
                        .append('\n'));
        if (!r.hello().unsupported().isEmpty()) {
            b.append('\n');
        }
    }

    /**
     * What each earlier-semantics kind's witness answered on this release (docs/spec.md §6): a kind is given only
     * where its witness shows it.
     */
    private static void witnesses(StringBuilder b, Conformance.Result r) {
        if (r.witnessed().isEmpty()) {
            return;
        }
        b.append("## Witnesses of the earlier semantics\n\nA shape gets an earlier-semantics kind only where that"
                + " kind's witness, a short script of its defining behaviour run on this release alone, shows it"
                + " (`Witnesses`).\n\n");
        MarkdownTable t = MarkdownTable.of("kind", "script", "what it shows when the release has it", "this release");
        for (io.cursorcheck.conformance.judge.Witnesses.Witness w : io.cursorcheck.conformance.judge.Witnesses.ALL) {
            String seen = r.witnessed().get(w.kind());
            if (seen == null) {
                continue;
            }
            t.row(
                    w.kind().id(),
                    MarkdownTable.code("// " + w.script().options() + "; " + String.join("; ", w.lines())),
                    MarkdownTable.text(w.behaviour()),
                    MarkdownTable.text(seen));
        }
        b.append(t).append('\n');
    }

    private static void undecided(StringBuilder b, Conformance.Result r) {
        if (r.unclassified().isEmpty()) {
            return;
        }
        b.append("## UNDECIDED: ")
                .append(r.unclassified().size())
                .append(" shape(s) for a person to look at\n\n")
                .append("No rule explains these (they break no guarantee the outside checker tests, and no documented"
                        + " change with its witness makes them earlier semantics). They do not fail the run. The history"
                        + " (`bin/cursorcheck history`) decides each by the release's own source: it replays the shape on"
                        + " every later Node release it checks and, where the shape goes, locates the change in"
                        + " broadcast.js (earlier semantics); what it cannot decide it lists with why, for a person to"
                        + " decide who is wrong and add a rule or fix the model.\n\n");
        for (Conformance.Difference d : r.unclassified()) {
            b.append("- ")
                    .append(d.page() == null ? "" : "[page](" + d.page().getFileName() + "): ")
                    .append('`')
                    .append(oneLine(d.signature()))
                    .append("`, ")
                    .append(d.hits())
                    .append(" sequence(s), shrunk to ")
                    .append(d.counterexample().script().length())
                    .append(" operations\n");
        }
        b.append('\n');
    }

    /** The first guarantee the release's own trace breaks in a difference's shrunk run, or "". */
    static String breach(Conformance.Difference d) {
        List<OutsideGuarantees.Breach> found =
                Differences.breaches(d.run(), d.counterexample().failure().step());
        return found.isEmpty() ? "" : found.get(0).toString();
    }

    /** The finding × release table of one release: what it does at each known finding's step. */
    private static void findings(StringBuilder b, Conformance.Result r) {
        b.append("## Known findings on this release\n\n")
                .append("Judged on the release's own answers at the finding's step, compared with the model's there"
                        + " (the answer and the probe, entries named by their write): *has it* (it answers as the model,"
                        + " the broken algorithm, does; or otherwise, but breaking every guarantee recorded in the"
                        + " finding's `on-release.json`), *does not have it* (it answers otherwise and breaks no"
                        + " guarantee through the step), *differs otherwise* (it answers otherwise and breaks other"
                        + " guarantees: shrunk and classified above), *not reached*. Where the model throws at the step"
                        + " it gives no answer, and the recorded guarantees alone decide. Its own script first, then"
                        + " every random sequence whose model failure is the finding.\n\n");
        MarkdownTable table = MarkdownTable.of(
                "finding", r.subject(), "random sequences (has it / does not / differs)", "recorded on", "evidence");
        for (FindingOnRelease f : r.findings()) {
            var n = f.sequences();
            table.row(
                    "[" + f.finding() + "](../../../findings/" + f.finding() + "/README.md)",
                    "**" + f.judgement().words() + "**",
                    f.hits() == 0
                            ? "0"
                            : n.getOrDefault(FindingOnRelease.Judgement.HAS_IT, 0L) + " / "
                                    + n.getOrDefault(FindingOnRelease.Judgement.DOES_NOT_HAVE_IT, 0L) + " / "
                                    + n.getOrDefault(FindingOnRelease.Judgement.DIFFERS_OTHERWISE, 0L),
                    f.recordedOn().isEmpty() ? "(none)" : f.recordedOn(),
                    MarkdownTable.text(f.evidence()));
        }
        b.append(table).append('\n');
    }

    /** What the replay of a known finding showed about {@code who}: the release, or the subject. */
    private static String replayed(Conformance.KnownReplay k, String who) {
        if (k.protocolError()) {
            return "the replay stopped at a protocol error (above), so it shows nothing about " + who;
        }
        if (!k.run().failed()) {
            return who + " answers like the model to the end of the script: the finding does not show";
        }
        if (!k.agrees()) {
            return who + " differs before the finding's step";
        }
        return who + " answers like the model up to the step where the model fails ("
                + k.run().failure().signature() + "); there " + who + " answers "
                + OutsideView.answer(OutsideView.ordered(
                        k.run().subject().get(k.run().failure().step())));
    }

    /**
     * Text from outside (a subject's line) shown as it is: every character Markdown gives a meaning
     * to is escaped, so a line can neither format the page nor break the list it stands in.
     */
    static String literal(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("\\`*_[]<>|#!{}()~&".indexOf(c) >= 0) {
                b.append('\\');
            }
            b.append(c == '\n' || c == '\r' ? ' ' : c);
        }
        return b.toString();
    }

    /**
     * Prose from outside (a detail, a verdict, a reproduction's reason) on one line: line breaks become spaces
     * so it cannot end the paragraph or list item it stands in; a null reads as empty. Table cells go through
     * {@link MarkdownTable} instead, which also escapes what a table gives a meaning to.
     */
    static String oneLine(String s) {
        return s == null ? "" : s.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
