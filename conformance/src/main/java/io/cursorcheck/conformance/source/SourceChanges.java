package io.cursorcheck.conformance.source;

import io.cursorcheck.conformance.judge.Differences;
import io.cursorcheck.conformance.release.RegistryReleases;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.conformance.upstream.EmbeddedSource;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where {@code broadcast.js} changed between two Node releases, function by function ({@link JsFunctions}), and
 * which of those changes lie between adjacent releases where a kind of difference appeared or disappeared: the
 * source a kind's coming or going may be traced to. A kind that came or went with no function changed was not
 * caused by {@code broadcast.js} (another module, or a short run's miss).
 *
 * <p>Sources come from a {@link Reader}; {@link #embedded(boolean, PrintStream)} reads each release's own
 * embedded {@code internal/streams/iter/broadcast} and caches it under the release's folder in {@code target/},
 * so the repository never holds Node's code. Each release's source is read once per instance.
 */
public final class SourceChanges {

    /** The module whose source is compared. */
    public static final String MODULE = "internal/streams/iter/broadcast";

    /** The cache of a release's embedded source, under its install folder ({@link Release#directory()}). */
    static final String CACHE = "embedded-source/broadcast.js";

    /** Where a release's {@code broadcast.js} comes from. */
    @FunctionalInterface
    public interface Reader {
        /**
         * The release's {@code broadcast.js}.
         *
         * @throws SourceUnavailableException with the reason when the release has none that can be read
         */
        String read(Release release) throws IOException, InterruptedException;
    }

    /**
     * The functions changed from one release to another.
     *
     * @param from    the older release (the diff's {@code -} side)
     * @param to      the newer release (the diff's {@code +} side)
     * @param changed the functions added, removed or changed, in the newer source's order, the removed ones last;
     *                empty when the sources match once whitespace is normalised
     */
    public record Changes(Release from, Release to, List<FunctionChange> changed) {
        /** Copies the list. */
        public Changes {
            changed = List.copyOf(changed);
        }

        /** The command that prints the diff on the user's terminal. */
        public String command() {
            return SourceChanges.command(from, to);
        }
    }

    /**
     * Adjacent Node releases (by version, among those given) where kinds of difference appeared or disappeared.
     *
     * @param from        the older release
     * @param to          the next release given
     * @param appeared    kinds seen on {@code to} and not on {@code from}
     * @param disappeared kinds seen on {@code from} and not on {@code to}
     */
    public record Transition(
            Release from, Release to, List<Differences.Kind> appeared, List<Differences.Kind> disappeared) {
        /** Copies the lists. */
        public Transition {
            appeared = List.copyOf(appeared);
            disappeared = List.copyOf(disappeared);
        }
    }

    /**
     * A transition with the source changes between its releases, or the reason they are not known.
     *
     * @param transition the releases and the kinds that came and went
     * @param changes    the functions changed between them, or null when a source could not be read
     * @param unreadable why a source could not be read (naming the release), or null
     */
    public record Attribution(Transition transition, Changes changes, String unreadable) {
        /** Checks that it has changes or a reason, not both or neither. */
        public Attribution {
            if ((changes == null) == (unreadable == null)) {
                throw new IllegalArgumentException(
                        transition.from() + ".." + transition.to() + ": changes or the reason there are none");
            }
        }
    }

    private final Reader reader;
    private final Map<Release, String> read = new ConcurrentHashMap<>();

    /**
     * Changes read through {@code reader}.
     *
     * @param reader where each release's {@code broadcast.js} comes from
     */
    public SourceChanges(Reader reader) {
        this.reader = reader;
    }

    /**
     * Changes of the releases' embedded sources: read with {@link EmbeddedSource} and cached in the release's
     * folder ({@value #CACHE}); a Bun release has none.
     *
     * @param install whether a Node release not installed yet is installed (a command the user runs for it), or
     *                refused as unreadable (the history reads only releases it ran)
     * @param log     where an install says what it does
     */
    public static SourceChanges embedded(boolean install, PrintStream log) {
        return new SourceChanges(release -> embeddedSource(release, install, log));
    }

    /**
     * The release's embedded {@code broadcast.js}, from the cache in its folder or else from the release itself.
     *
     * @throws SourceUnavailableException for a Bun release, a release not installed when {@code install} is false,
     *                                    or one that cannot print it (with its reason)
     */
    static String embeddedSource(Release release, boolean install, PrintStream log)
            throws IOException, InterruptedException {
        if (!release.runtime().equals("node")) {
            throw new SourceUnavailableException(release.id() + ": no embedded source (Bun is not built from"
                    + " Node's lib/, so it has no broadcast.js to compare)");
        }
        Path cache = release.directory().resolve(CACHE);
        if (Files.isRegularFile(cache)) {
            return Files.readString(cache, StandardCharsets.UTF_8);
        }
        if (!Files.isExecutable(release.binary())) {
            if (!install) {
                throw new SourceUnavailableException(release.id() + ": not installed under target/runtimes/");
            }
            release.install(log);
        }
        String text;
        try {
            text = EmbeddedSource.read(release.binary(), release.id(), MODULE);
        } catch (IOException e) {
            throw new SourceUnavailableException(e.getMessage());
        }
        // Written beside and moved into place, so that a reader never takes a half-written file for the source.
        Files.createDirectories(cache.getParent());
        Path part = Files.createTempFile(cache.getParent(), "broadcast", ".part");
        try {
            Files.writeString(part, text, StandardCharsets.UTF_8);
            Files.move(part, cache, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(part);
        }
        return text;
    }

    /**
     * The release's {@code broadcast.js}, read once per instance.
     *
     * @throws SourceUnavailableException with the reason when it cannot be read
     */
    public String source(Release release) throws IOException, InterruptedException {
        String text = read.get(release);
        if (text == null) {
            text = reader.read(release);
            read.put(release, text);
        }
        return text;
    }

    /**
     * The functions changed from {@code from} to {@code to}.
     *
     * @throws SourceUnavailableException naming the release whose source cannot be read, and why
     */
    public Changes between(Release from, Release to) throws IOException, InterruptedException {
        return new Changes(from, to, compare(source(from), source(to)));
    }

    /**
     * The functions changed from one source to another: added, removed, or with texts that differ once whitespace
     * is normalised, each with its lines removed and added.
     */
    public static List<FunctionChange> compare(String from, String to) {
        Map<String, JsFunction> older = byName(JsFunctions.split(from));
        Map<String, JsFunction> newer = byName(JsFunctions.split(to));
        List<FunctionChange> changes = new ArrayList<>();
        for (JsFunction f : newer.values()) {
            JsFunction was = older.get(f.name());
            if (was == null) {
                changes.add(new FunctionChange(
                        f.name(),
                        FunctionChange.Change.ADDED,
                        0,
                        f.normalizedLines().size()));
            } else if (!was.normalizedLines().equals(f.normalizedLines())) {
                int[] counts = LineDiff.counts(
                        was.text().lines().toList(), f.text().lines().toList());
                changes.add(new FunctionChange(f.name(), FunctionChange.Change.CHANGED, counts[0], counts[1]));
            }
        }
        for (JsFunction f : older.values()) {
            if (!newer.containsKey(f.name())) {
                changes.add(new FunctionChange(
                        f.name(),
                        FunctionChange.Change.REMOVED,
                        f.normalizedLines().size(),
                        0));
            }
        }
        return changes;
    }

    /**
     * The unified diff ({@code diff -u}) of each function changed from {@code from} to {@code to}, or of the one
     * named; empty when none changed. For the user's terminal: it quotes the releases' code.
     *
     * @param function a function's qualified name, or null for every one changed
     * @throws IllegalArgumentException naming the function when neither release has it
     */
    public String diff(Release from, Release to, String function) throws IOException, InterruptedException {
        Map<String, JsFunction> older = byName(JsFunctions.split(source(from)));
        Map<String, JsFunction> newer = byName(JsFunctions.split(source(to)));
        List<String> names;
        if (function != null) {
            if (!older.containsKey(function) && !newer.containsKey(function)) {
                throw new IllegalArgumentException("'" + function + "': neither " + from.id() + " nor " + to.id()
                        + " has a function of that name");
            }
            names = List.of(function);
        } else {
            names = compare(source(from), source(to)).stream()
                    .map(FunctionChange::name)
                    .toList();
        }
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            JsFunction a = older.get(name);
            JsFunction b = newer.get(name);
            out.append(LineDiff.unified(
                    label(from, a, name),
                    label(to, b, name),
                    a == null ? List.of() : a.text().lines().toList(),
                    b == null ? List.of() : b.text().lines().toList(),
                    a == null ? 1 : a.firstLine(),
                    b == null ? 1 : b.firstLine()));
        }
        return out.toString();
    }

    /**
     * Every function's qualified name in the release's source, in source order.
     *
     * @throws SourceUnavailableException with the reason when it cannot be read
     */
    public List<String> functions(Release release) throws IOException, InterruptedException {
        return JsFunctions.split(source(release)).stream().map(JsFunction::name).toList();
    }

    /** A diff header: {@code node-26.6.0 broadcast.js: Broadcast#write}, or {@code /dev/null} when it has none. */
    private static String label(Release release, JsFunction f, String name) {
        return f == null ? "/dev/null" : release.id() + " broadcast.js: " + name;
    }

    private static Map<String, JsFunction> byName(List<JsFunction> functions) {
        Map<String, JsFunction> map = new LinkedHashMap<>();
        functions.forEach(f -> map.put(f.name(), f));
        return map;
    }

    /**
     * The adjacent Node releases among those given (by version, {@link RegistryReleases#ORDER}) where a kind of
     * difference appeared or disappeared. Bun releases are left out: they have no {@code broadcast.js}.
     *
     * @param seen the kinds seen on each release checked (an empty set for one that saw none)
     */
    public static List<Transition> transitions(Map<Release, Set<Differences.Kind>> seen) {
        List<Release> node = nodeReleases(seen);
        List<Transition> all = new ArrayList<>();
        for (int i = 0; i + 1 < node.size(); i++) {
            Transition t = transition(seen, node.get(i), node.get(i + 1));
            if (!t.appeared().isEmpty() || !t.disappeared().isEmpty()) {
                all.add(t);
            }
        }
        return all;
    }

    private static List<Release> nodeReleases(Map<Release, Set<Differences.Kind>> seen) {
        return seen.keySet().stream()
                .filter(r -> r.runtime().equals("node"))
                .sorted(RegistryReleases.ORDER)
                .toList();
    }

    private static Transition transition(Map<Release, Set<Differences.Kind>> seen, Release from, Release to) {
        List<Differences.Kind> appeared = new ArrayList<>();
        List<Differences.Kind> disappeared = new ArrayList<>();
        for (Differences.Kind k : Differences.Kind.values()) {
            boolean before = seen.get(from).contains(k);
            boolean after = seen.get(to).contains(k);
            if (!before && after) {
                appeared.add(k);
            } else if (before && !after) {
                disappeared.add(k);
            }
        }
        return new Transition(from, to, appeared, disappeared);
    }

    /**
     * The source changes where {@code kind} came or went at {@code release}: between it and the previous Node
     * release given when the kind is on one of them only, and between it and the next when it is on one of those
     * only; oldest pair first. A kind on {@code release} and not on the next (or not on it and on the previous) has
     * one pair; a kind seen on {@code release} alone has two; one whose presence matches both neighbours, or a
     * release with no neighbour given, none (an empty list). A pair whose {@link Changes#changed()} is empty
     * changed no function of {@code broadcast.js}.
     *
     * @param seen    the kinds seen on each release checked, as for {@link #transitions(Map)}
     * @param release a Node release among {@code seen}'s
     * @param kind    the kind
     * @throws IllegalArgumentException   if {@code release} is not a Node release of {@code seen}
     * @throws SourceUnavailableException naming the release whose source cannot be read
     */
    public List<Changes> located(Map<Release, Set<Differences.Kind>> seen, Release release, Differences.Kind kind)
            throws IOException, InterruptedException {
        List<Release> node = nodeReleases(seen);
        int at = node.indexOf(release);
        if (at < 0) {
            throw new IllegalArgumentException(release.id() + " is not a Node release of the history given");
        }
        boolean here = seen.get(release).contains(kind);
        List<Changes> located = new ArrayList<>();
        if (at > 0 && seen.get(node.get(at - 1)).contains(kind) != here) {
            located.add(between(node.get(at - 1), release));
        }
        if (at + 1 < node.size() && seen.get(node.get(at + 1)).contains(kind) != here) {
            located.add(between(release, node.get(at + 1)));
        }
        return located;
    }

    /**
     * Every {@link #transitions(Map) transition} with the functions changed between its releases, or why they are
     * not known (a source that cannot be read, named with its reason).
     */
    public List<Attribution> attribute(Map<Release, Set<Differences.Kind>> seen) throws InterruptedException {
        List<Attribution> all = new ArrayList<>();
        for (Transition t : transitions(seen)) {
            try {
                all.add(new Attribution(t, between(t.from(), t.to()), null));
            } catch (IOException e) {
                all.add(new Attribution(t, null, e.getMessage()));
            }
        }
        return all;
    }

    /** {@code bin/cursorcheck source-diff --from 26.5.1 --to 26.6.0}: the command that prints the diff. */
    public static String command(Release from, Release to) {
        return "bin/cursorcheck source-diff --from " + from.version() + " --to " + to.version();
    }
}
