package io.cursorcheck.properties.mutants;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Turns a {@link Mutant} into a {@link BroadcastFactory}: reads the sources of {@code impl},
 * applies the patch, moves every file into a package of the mutant's own, compiles them in memory
 * with the JDK's compiler and loads them in a class loader of their own.
 *
 * <p>For tools that must load a mutant exactly as they load the real class, {@link #writeShadowJar}
 * writes the patched classes under their real names, to put first on another JVM's class path.
 *
 * <p>Needs a JDK (not a bare JRE) and the source tree (see {@link SourceTree}). Compiled mutants
 * are cached for the life of the JVM. Thread-safe.
 */
public final class MutantCompiler {

    private static final String IMPL_PACKAGE = "io.cursorcheck.impl";
    private static final Map<String, Compiled> CACHE = new ConcurrentHashMap<>();

    /**
     * The system property naming a folder of compiled mutants that JVMs share ({@link CompiledMutants}): a mutant is
     * read from it when an earlier JVM compiled the very same sources, and stored there otherwise. Unset, each JVM
     * compiles its mutants itself.
     */
    public static final String CLASSES_PROPERTY = "cursorcheck.mutants.classes";

    /** The compiler's options, but for the class path (the spi classes, {@link #spiClasspath}). */
    private static final List<String> OPTIONS = List.of("--release", "17", "-proc:none", "-nowarn");

    /** What a subject id adds to a mutant's id when the mutant follows the corrected algorithm (spec §8). */
    public static final String CORRECTED_SUFFIX = "+corrected";

    private MutantCompiler() {}

    /**
     * The factory of a mutant, compiling it on first use.
     *
     * @throws IllegalStateException if the patch does not apply or the patched source does not compile
     */
    public static BroadcastFactory factory(Mutant mutant) {
        return compiled(mutant).asReleased();
    }

    /**
     * The factory of a mutant that follows the given algorithm, compiling it on first use. Under
     * {@link Algorithm#AS_RELEASED} it is {@link #factory(Mutant)}; under {@link Algorithm#CORRECTED} it
     * makes the patched class through its {@code (Options, Algorithm)} constructor, answers
     * {@link Algorithm#CORRECTED} from {@link BroadcastFactory#algorithm()} (so the lockstep engine checks it
     * against {@code model-corrected}) and has the mutant's id with {@link #CORRECTED_SUFFIX}, so its
     * counterexamples go to a folder of their own and replay as they were found.
     *
     * @throws IllegalStateException if the patch does not apply, the patched source does not compile, or,
     *                               under the corrected algorithm, the mutant's class has no public
     *                               {@code (Options, Algorithm)} constructor (the thread-safe variants'
     *                               classes, which the racy twins patch, have none)
     */
    public static BroadcastFactory factory(Mutant mutant, Algorithm algorithm) {
        if (algorithm == null) {
            throw new IllegalArgumentException("mutant " + mutant.id() + ": algorithm must not be null");
        }
        Compiled c = compiled(mutant);
        if (algorithm == Algorithm.AS_RELEASED) {
            return c.asReleased();
        }
        if (c.corrected() == null) {
            throw new IllegalStateException("mutant " + mutant.id() + ": " + mutant.entry() + " has no public ("
                    + "Options, Algorithm) constructor, so it cannot follow the corrected algorithm");
        }
        return c.corrected();
    }

    /** Whether the mutant's class can follow the corrected algorithm: it has an {@code (Options, Algorithm)} constructor. */
    public static boolean followsAlgorithms(Mutant mutant) {
        return compiled(mutant).corrected() != null;
    }

    private static Compiled compiled(Mutant mutant) {
        return CACHE.computeIfAbsent(mutant.id(), id -> compile(mutant));
    }

    /**
     * Writes a jar holding every class of {@code impl}, patched, under its real package name. Put
     * first on a JVM's class path, it shadows the real classes: in that JVM the mutant <em>is</em>
     * {@code io.cursorcheck.impl.*}, loaded exactly as the real class would be. For tools that
     * treat classes by how they are loaded: Lincheck's model checker only explores classes it
     * instruments as they load into the code it analyses, and passes a twin from a class loader of
     * its own without ever switching threads inside it.
     *
     * @param mutant the mutant
     * @param jar    the jar file to write; its directory is created if needed
     * @return {@code jar}
     * @throws IllegalStateException if the patch does not apply, the patched source does not compile or
     *                               the jar cannot be written
     */
    public static Path writeShadowJar(Mutant mutant, Path jar) {
        Map<String, byte[]> classes = javac(mutant, patchedSources(mutant, IMPL_PACKAGE));
        try {
            Files.createDirectories(jar.toAbsolutePath().getParent());
            Path partial = jar.resolveSibling(jar.getFileName() + ".partial");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(partial))) {
                for (Map.Entry<String, byte[]> c : new TreeMap<>(classes).entrySet()) {
                    out.putNextEntry(new JarEntry(c.getKey().replace('.', '/') + ".class"));
                    out.write(c.getValue());
                    out.closeEntry();
                }
            }
            return Files.move(partial, jar, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("mutant " + mutant.id() + ": cannot write " + jar, e);
        }
    }

    /** The package the mutant's copy of {@code impl} lives in: {@code io.cursorcheck.mutants.<id>}. */
    private static String packageOf(Mutant mutant) {
        return "io.cursorcheck.mutants." + mutant.id().replace("-", "_");
    }

    /** One compiled mutant: its as-released factory and, if its class takes an algorithm, its corrected one. */
    private record Compiled(BroadcastFactory asReleased, BroadcastFactory corrected) {}

    private static Compiled compile(Mutant mutant) {
        String pkg = packageOf(mutant);
        Map<String, byte[]> classes = javac(mutant, patchedSources(mutant, pkg));
        ClassLoader loader = new ClassLoader(Broadcast.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] bytes = classes.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
        Class<?> entry;
        Constructor<?> ctor;
        try {
            entry = loader.loadClass(pkg + "." + mutant.entry());
            ctor = entry.getConstructor(Options.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("mutant " + mutant.id() + ": no public " + mutant.entry() + "(Options)", e);
        }
        Constructor<?> withAlgorithm;
        try {
            withAlgorithm = entry.getConstructor(Options.class, Algorithm.class);
        } catch (NoSuchMethodException e) {
            withAlgorithm = null; // a class with one algorithm only (the thread-safe variants'): as released
        }
        Factory corrected = withAlgorithm == null ? null : new Factory(mutant, withAlgorithm, Algorithm.CORRECTED);
        return new Compiled(new Factory(mutant, ctor, Algorithm.AS_RELEASED), corrected);
    }

    /** The patched sources of every file of {@code impl}, by class name in the mutant's package. */
    static Map<String, String> patchedSources(Mutant mutant, String pkg) {
        Path dir = SourceTree.implSources();
        Map<String, String> sources = new HashMap<>();
        boolean patched = false;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.equals("package-info.java")) {
                    continue;
                }
                String text = Files.readString(file, StandardCharsets.UTF_8);
                if (name.equals(mutant.file())) {
                    text = apply(mutant, text);
                    patched = true;
                }
                sources.put(pkg + "." + name.substring(0, name.length() - 5), text.replace(IMPL_PACKAGE, pkg));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the impl sources in " + dir, e);
        }
        if (!patched) {
            throw new IllegalStateException("mutant " + mutant.id() + ": no file " + mutant.file() + " in " + dir);
        }
        return sources;
    }

    /**
     * Applies the patch: the code of {@code find} must occur exactly once in the code of {@code text}, both read
     * as Java tokens with comments and whitespace ignored ({@link CodeTokens}), so re-indenting the real code or
     * editing a comment in it does not break a mutant. The replacement covers the text from the first matched
     * token to the last (comments between them included).
     *
     * @throws IllegalStateException naming the mutant and its file if {@code find} quotes a comment, is not
     *                               found, or is found more than once
     */
    static String apply(Mutant mutant, String text) {
        List<CodeTokens.CodeToken> wanted = tokens(mutant, mutant.find(), "its patch's code");
        if (wanted.isEmpty()) {
            throw new IllegalStateException(
                    "mutant " + mutant.id() + ": its patch for " + mutant.file() + " has no code to find");
        }
        if (CodeTokens.hasComment(mutant.find())) {
            throw new IllegalStateException("mutant " + mutant.id() + ": its patch for " + mutant.file()
                    + " quotes a comment; patches anchor on code only, so take the comment out:\n" + mutant.diff());
        }
        List<CodeTokens.CodeToken> code = tokens(mutant, text, mutant.file());
        int at = -1;
        for (int i = 0; i + wanted.size() <= code.size(); i++) {
            if (matchesAt(code, i, wanted)) {
                if (at >= 0) {
                    throw new IllegalStateException("mutant " + mutant.id() + ": its patch matches more than once in "
                            + mutant.file() + "; make it specific:\n" + mutant.diff());
                }
                at = i;
            }
        }
        if (at < 0) {
            throw new IllegalStateException(
                    "mutant " + mutant.id() + ": its patch no longer applies to " + mutant.file()
                            + " (its code is not there, comments and whitespace aside); update the mutant to the current"
                            + " code:\n" + mutant.diff());
        }
        int start = code.get(at).start();
        int end = code.get(at + wanted.size() - 1).end();
        return text.substring(0, start) + mutant.replace().strip() + text.substring(end);
    }

    private static boolean matchesAt(List<CodeTokens.CodeToken> code, int at, List<CodeTokens.CodeToken> wanted) {
        for (int j = 0; j < wanted.size(); j++) {
            if (!code.get(at + j).image().equals(wanted.get(j).image())) {
                return false;
            }
        }
        return true;
    }

    private static List<CodeTokens.CodeToken> tokens(Mutant mutant, String text, String what) {
        try {
            return CodeTokens.of(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "mutant " + mutant.id() + ": cannot read " + what + " as Java (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Compiles the mutant as {@link #factory(Mutant)} loads it into {@code folder}, unless it is there already: a
     * JVM started with {@link #CLASSES_PROPERTY} set to that folder then reads it instead of compiling it.
     *
     * @throws IllegalStateException if the patch does not apply or the patched source does not compile
     * @throws java.io.UncheckedIOException if the folder cannot be written
     */
    public static void compileInto(Mutant mutant, Path folder) {
        compiledIn(mutant, folder);
    }

    /** {@link #compileInto}, returning the classes as the folder holds them (read back if they were there). */
    static Map<String, byte[]> compiledIn(Mutant mutant, Path folder) {
        Map<String, String> sources = patchedSources(mutant, packageOf(mutant));
        return CompiledMutants.reuse(
                folder, mutant.id(), sources, OPTIONS, spiClasspath(), () -> compileNow(mutant, sources));
    }

    /** The classes of the patched sources: from the shared folder if {@link #CLASSES_PROPERTY} names one, or compiled. */
    private static Map<String, byte[]> javac(Mutant mutant, Map<String, String> sources) {
        String folder = System.getProperty(CLASSES_PROPERTY);
        if (folder == null || folder.isBlank()) {
            return compileNow(mutant, sources);
        }
        return CompiledMutants.reuse(
                Path.of(folder), mutant.id(), sources, OPTIONS, spiClasspath(), () -> compileNow(mutant, sources));
    }

    private static Map<String, byte[]> compileNow(Mutant mutant, Map<String, String> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException(
                    "mutants need a JDK's compiler; this runtime has none (" + System.getProperty("java.home") + ")");
        }
        Map<String, ByteArrayOutputStream> out = new HashMap<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        JavaFileManager memory = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(
                    Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
                return new SimpleJavaFileObject(uri("mem:///" + className.replace('.', '/') + ".class"), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return out.computeIfAbsent(className, k -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        sources.forEach((name, text) -> units.add(
                new SimpleJavaFileObject(
                        uri("mem:///" + name.replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
                    @Override
                    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                        return text;
                    }
                }));
        StringWriter diagnostics = new StringWriter();
        List<String> options = new ArrayList<>(OPTIONS);
        options.add("-classpath");
        options.add(spiClasspath().toString());
        boolean ok = compiler.getTask(diagnostics, memory, null, options, null, units)
                .call();
        if (!ok) {
            throw new IllegalStateException("mutant " + mutant.id() + " does not compile:\n" + diagnostics);
        }
        Map<String, byte[]> classes = new HashMap<>();
        out.forEach((name, bytes) -> classes.put(name, bytes.toByteArray()));
        return classes;
    }

    private static Path spiClasspath() {
        try {
            return Path.of(Broadcast.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the spi classes", e);
        }
    }

    private static URI uri(String s) {
        return URI.create(s);
    }

    /**
     * A compiled mutant following one algorithm: {@code ctor} takes the options alone (as released) or
     * the options and {@code algorithm}.
     */
    private record Factory(Mutant mutant, Constructor<?> ctor, Algorithm algorithm) implements BroadcastFactory {
        @Override
        public String id() {
            return algorithm == Algorithm.CORRECTED ? mutant.id() + CORRECTED_SUFFIX : mutant.id();
        }

        @Override
        public String description() {
            return mutant.className() + ": " + mutant.description()
                    + (algorithm == Algorithm.CORRECTED ? " Under the corrected algorithm (spec §8)." : "");
        }

        @Override
        public Algorithm algorithm() {
            return algorithm;
        }

        @Override
        public Broadcast create(Options options) {
            return ctor.getParameterCount() == 1
                    ? construct(ctor, "mutant " + mutant.id(), options)
                    : construct(ctor, "mutant " + mutant.id(), options, algorithm);
        }

        @Override
        public String toString() {
            return id();
        }
    }

    /**
     * A broadcast made through a reflected constructor: an exception the constructor throws comes out as
     * itself (a runtime one) or wrapped once, never as an {@link InvocationTargetException}.
     *
     * @param what names the class in the message if the constructor cannot be called at all
     */
    static Broadcast construct(java.lang.reflect.Constructor<?> ctor, String what, Object... args) {
        try {
            return (Broadcast) ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot instantiate " + what, e);
        }
    }
}
