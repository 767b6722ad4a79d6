package io.cursorcheck.conformance;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.protocol.ExternalSubject;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.source.FunctionChange;
import io.cursorcheck.conformance.source.SourceChanges;
import io.cursorcheck.conformance.source.SourceUnavailableException;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.engine.Counterexample;
import io.cursorcheck.properties.engine.Lockstep;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Decides the shapes no rule names (UNDECIDED) after a history has checked every release, by the release's own
 * source (docs/spec.md §6, How a difference is judged): each such shape's shrunk script is replayed on every later
 * Node release the history checked, in version order. The shape is <em>gone</em> on the first release where the
 * script no longer fails the same way at the same step; the change is then located between the last release that
 * answers so and that one, as the functions of {@code broadcast.js} whose text differs ({@link SourceChanges}).
 *
 * <ul>
 * <li>Gone, with functions changed: {@link Differences.Kind#LOCATED_CHANGE}, earlier semantics. The shape broke no
 *     guarantee as seen from outside (else a rule would have named it), and the change is located.</li>
 * <li>Still so on the newest release checked: UNDECIDED, since there is no change to locate (a misreading of the
 *     model, or a bug of Node still open): for a person.</li>
 * <li>Gone with {@code broadcast.js} unchanged, or a source that cannot be read: UNDECIDED, with that reason.</li>
 * <li>A release that embeds no {@code broadcast.js} (Bun): decided by Node's source where a Node release checked
 *     answers the script the same way (the last one that does and the next locate the change); else UNDECIDED.</li>
 * </ul>
 *
 * Every decision, and every reason a shape stays UNDECIDED, is appended to the shape's page.
 */
public final class ChangeLocator {

    private ChangeLocator() {}

    /**
     * One UNDECIDED shape, decided or with the reason it stays UNDECIDED.
     *
     * @param release   the release it was seen on
     * @param shape     the shape
     * @param kind      {@link Differences.Kind#LOCATED_CHANGE}, or {@link Differences.Kind#UNCLASSIFIED}
     * @param reason    one line: where the change is, or why there is none to locate
     * @param changes   the located change, or null
     */
    public record Decision(
            Release release,
            Conformance.Difference shape,
            Differences.Kind kind,
            String reason,
            SourceChanges.Changes changes) {}

    /**
     * Decides the UNDECIDED shapes of the results, replaying them on the later Node releases among them.
     *
     * @param results the releases checked, any order
     * @param sources the releases' own sources
     * @param log     where progress goes
     * @return the results with each decided shape's kind replaced, in the order given, and every decision
     */
    public static Located locate(List<Conformance.Result> results, SourceChanges sources, PrintStream log)
            throws IOException, InterruptedException {
        Map<Release, ExternalSubject> started = new LinkedHashMap<>();
        try {
            return locate(results, sources, release -> {
                ExternalSubject s = started.get(release);
                if (s == null) {
                    s = ExternalSubject.of(release, release.install(log));
                    started.put(release, s);
                }
                return s;
            });
        } finally {
            for (ExternalSubject s : started.values()) {
                s.close();
            }
        }
    }

    /** What a release runs a shape's script on: its subject, started once (a test's stand-in). */
    @FunctionalInterface
    interface Subjects {
        /** The release's subject. */
        BroadcastFactory of(Release release) throws IOException, InterruptedException;
    }

    /** {@link #locate(List, SourceChanges, PrintStream)} on these subjects. */
    static Located locate(List<Conformance.Result> results, SourceChanges sources, Subjects subjects)
            throws IOException, InterruptedException {
        List<Conformance.Result> node = results.stream()
                .filter(r -> r.release() != null && r.release().runtime().equals("node"))
                .sorted((a, b) -> RegistryReleases.ORDER.compare(a.release(), b.release()))
                .toList();
        List<Decision> decisions = new ArrayList<>();
        Map<Release, Conformance.Result> decided = new LinkedHashMap<>();
        for (Conformance.Result r : results) {
            if (r.release() == null || r.unclassified().isEmpty()) {
                continue;
            }
            List<Conformance.Difference> shapes = new ArrayList<>();
            for (Conformance.Difference d : r.differences()) {
                if (d.kind() != Differences.Kind.UNCLASSIFIED) {
                    shapes.add(d);
                    continue;
                }
                Decision decision = r.release().runtime().equals("node")
                        ? decide(r.release(), d, node, subjects, sources)
                        : asNode(r.release(), d, node, subjects, sources);
                decisions.add(decision);
                note(decision);
                shapes.add(new Conformance.Difference(
                        d.signature(),
                        decision.kind(),
                        d.counterexample(),
                        d.run(),
                        d.replayed(),
                        d.hits(),
                        d.page(),
                        d.reproduction()));
            }
            decided.put(r.release(), r.withDifferences(shapes));
        }
        List<Conformance.Result> out = new ArrayList<>();
        for (Conformance.Result r : results) {
            out.add(decided.getOrDefault(r.release(), r));
        }
        return new Located(out, decisions);
    }

    /**
     * The results with the decided kinds, and the decisions.
     *
     * @param results   the results, each decided shape's kind replaced
     * @param decisions every UNDECIDED shape seen, decided or with why it stays UNDECIDED
     */
    public record Located(List<Conformance.Result> results, List<Decision> decisions) {
        /** The shapes that stay UNDECIDED. */
        public List<Decision> undecided() {
            return decisions.stream()
                    .filter(d -> d.kind() == Differences.Kind.UNCLASSIFIED)
                    .toList();
        }
    }

    private static Decision decide(
            Release release,
            Conformance.Difference d,
            List<Conformance.Result> node,
            Subjects subjects,
            SourceChanges sources)
            throws IOException, InterruptedException {
        Release last = release;
        Release gone = null;
        for (Conformance.Result later : node) {
            if (RegistryReleases.ORDER.compare(later.release(), release) <= 0) {
                continue;
            }
            if (answersSo(subjects.of(later.release()), d.counterexample())) {
                last = later.release();
            } else {
                gone = later.release();
                break;
            }
        }
        if (gone == null) {
            return undecided(
                    release,
                    d,
                    "every later Node release checked answers so too, through " + last.id()
                            + ": no change to locate (a misreading of the model, or a bug of Node still open)",
                    null);
        }
        return located(release, d, last, gone, sources);
    }

    /**
     * A shape of a release that embeds no {@code broadcast.js} (Bun): decided by Node's, when some Node release checked
     * answers its script the same way. The last such release and the next Node release locate the change as for
     * Node's own shape; the release follows Node's earlier semantics there.
     */
    private static Decision asNode(
            Release release,
            Conformance.Difference d,
            List<Conformance.Result> node,
            Subjects subjects,
            SourceChanges sources)
            throws IOException, InterruptedException {
        Release last = null;
        Release gone = null;
        for (Conformance.Result n : node) {
            if (answersSo(subjects.of(n.release()), d.counterexample())) {
                last = n.release();
                gone = null;
            } else if (last != null && gone == null) {
                gone = n.release();
            }
        }
        String none = release.runtime() + " embeds no broadcast.js to locate a change in";
        if (last == null) {
            return undecided(release, d, none + ", and no Node release checked answers its script so", null);
        }
        if (gone == null) {
            return undecided(
                    release,
                    d,
                    none + "; Node answers its script so too, through the newest release checked (" + last.id()
                            + "): no change to locate",
                    null);
        }
        Decision asNode = located(release, d, last, gone, sources);
        return new Decision(
                release,
                d,
                asNode.kind(),
                none + "; Node answers its script so through " + last.id() + ": " + asNode.reason(),
                asNode.changes());
    }

    /** The decision for a shape that answers so through {@code last} and otherwise on {@code gone}. */
    private static Decision located(
            Release release, Conformance.Difference d, Release last, Release gone, SourceChanges sources)
            throws IOException, InterruptedException {
        SourceChanges.Changes changes;
        try {
            changes = sources.between(last, gone);
        } catch (SourceUnavailableException e) {
            return undecided(
                    release,
                    d,
                    "answers so through " + last.id() + " and otherwise on " + gone.id() + ", but a source cannot be"
                            + " read: " + e.getMessage(),
                    null);
        }
        if (changes.changed().isEmpty()) {
            return undecided(
                    release,
                    d,
                    "answers so through " + last.id() + " and otherwise on " + gone.id() + ", with broadcast.js the"
                            + " same: the change is outside broadcast.js",
                    changes);
        }
        return new Decision(
                release,
                d,
                Differences.Kind.LOCATED_CHANGE,
                "answers so through " + last.id() + " and otherwise on " + gone.id() + "; broadcast.js changed"
                        + " between them in " + changes.changed().size() + " function(s): "
                        + changes.changed().stream().map(FunctionChange::name).collect(Collectors.joining(", "))
                        + " (`" + changes.command() + "`)",
                changes);
    }

    /** A shape that stays UNDECIDED, with why (and the source compared, where one was). */
    private static Decision undecided(
            Release release, Conformance.Difference d, String why, SourceChanges.Changes changes) {
        return new Decision(release, d, Differences.Kind.UNCLASSIFIED, why, changes);
    }

    /** Whether the release fails the shape's script the same way at the same step. */
    static boolean answersSo(BroadcastFactory subject, Counterexample cx) {
        Lockstep.Run again = Lockstep.run(subject, cx.script());
        return again.failed()
                && again.failure().signature().equals(cx.failure().signature())
                && again.failure().step() == cx.failure().step();
    }

    /** Appends the decision to the shape's page, if it has one. */
    private static void note(Decision decision) throws IOException {
        if (decision.shape().page() == null
                || !Files.isRegularFile(decision.shape().page())) {
            return;
        }
        String text = decision.kind() == Differences.Kind.LOCATED_CHANGE
                ? "\n## Decided by the history: earlier semantics, the change located\n\n"
                        + "Kind **" + decision.kind().id() + "** ("
                        + decision.kind().verdict().name().toLowerCase().replace('_', ' ') + "): " + decision.reason()
                        + ".\n"
                : "\n## Still UNDECIDED after the history, and why\n\n" + decision.reason() + ".\n";
        Files.writeString(decision.shape().page(), text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}
