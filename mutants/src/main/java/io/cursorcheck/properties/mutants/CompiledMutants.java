package io.cursorcheck.properties.mutants;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A folder of compiled mutants that several JVMs share, so that a mutant is compiled once instead of once per JVM
 * (each jcstress fork of a stress run loads its racy twin in a fresh JVM, where compiling it costs more than a
 * second).
 *
 * <p>Soundness of reuse: an entry is named by the mutant's id and a SHA-256 over everything the compiled classes
 * are a function of: the patched sources (names and text), the compiler's options, the running JDK's version and
 * the bytes of the classes compiled against. Any change of an input names another entry, so an entry can never
 * stand in for other sources. An entry appears by one rename of a complete folder: a reader sees all of it or
 * nothing, and two JVMs that compile the same entry at once write the same bytes; the rename of the later one
 * fails and its copy is deleted.
 */
final class CompiledMutants {

    private CompiledMutants() {}

    /**
     * The classes of {@code id} compiled from these inputs: read from {@code folder} if an earlier JVM stored them,
     * else compiled by {@code compile} and stored there.
     *
     * @param folder  the shared folder (created if needed)
     * @param id      the mutant's id, the entry's name before its key
     * @param sources the patched sources by class name
     * @param options the compiler's options, without the class path
     * @param against the class path compiled against (a folder or a jar), whose bytes are part of the key
     * @param compile compiles the sources, returning the classes by binary name
     * @throws UncheckedIOException if the folder cannot be read or written
     */
    static Map<String, byte[]> reuse(
            Path folder,
            String id,
            Map<String, String> sources,
            List<String> options,
            Path against,
            Supplier<Map<String, byte[]>> compile) {
        Path entry = folder.resolve(id + "-" + key(sources, options, against));
        try {
            if (Files.isDirectory(entry)) {
                return read(entry);
            }
            Map<String, byte[]> classes = compile.get();
            store(entry, classes);
            return classes;
        } catch (IOException e) {
            throw new UncheckedIOException("compiled mutants in " + folder + ": " + e.getMessage(), e);
        }
    }

    /** The entry's key: SHA-256 over the sources, the options, the JDK's version and the classes compiled against. */
    static String key(Map<String, String> sources, List<String> options, Path against) {
        MessageDigest sha = sha256();
        new TreeMap<>(sources).forEach((name, text) -> {
            field(sha, name);
            field(sha, text);
        });
        options.forEach(o -> field(sha, o));
        field(sha, System.getProperty("java.runtime.version"));
        try {
            if (Files.isDirectory(against)) {
                try (Stream<Path> files = Files.walk(against)) {
                    for (Path f : files.filter(Files::isRegularFile)
                            .sorted(Comparator.comparing(Path::toString))
                            .toList()) {
                        field(sha, against.relativize(f).toString());
                        sha.update(Files.readAllBytes(f));
                    }
                }
            } else {
                try (InputStream in = Files.newInputStream(against)) {
                    sha.update(in.readAllBytes());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the classes mutants compile against, " + against, e);
        }
        return HexFormat.of().formatHex(sha.digest()).substring(0, 32);
    }

    private static void field(MessageDigest sha, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) ':');
        sha.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static Map<String, byte[]> read(Path entry) throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        try (Stream<Path> files = Files.list(entry)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".class")) {
                    classes.put(name.substring(0, name.length() - ".class".length()), Files.readAllBytes(f));
                }
            }
        }
        if (classes.isEmpty()) {
            throw new IOException("entry " + entry + " holds no classes");
        }
        return classes;
    }

    private static void store(Path entry, Map<String, byte[]> classes) throws IOException {
        Files.createDirectories(entry.getParent());
        Path staged = Files.createTempDirectory(entry.getParent(), entry.getFileName() + ".");
        try {
            for (Map.Entry<String, byte[]> c : classes.entrySet()) {
                Files.write(staged.resolve(c.getKey() + ".class"), c.getValue());
            }
            try {
                Files.move(staged, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isDirectory(entry)) {
                    throw e;
                }
                // another JVM stored the same entry first: same inputs, same bytes
            }
        } finally {
            if (Files.exists(staged)) {
                try (Stream<Path> files = Files.walk(staged)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
    }
}
