package io.cursorcheck.properties.mutants;

import io.cursorcheck.properties.BroadcastFactory;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <p>Tools that look classes up by name with a class loader of their own cannot see a class loader
 * like that one: Lincheck resolves every class it instruments with {@code Class.forName} from the
 * system class loader. For them {@link #writeJar} writes the same compiled classes to a jar, and
 * {@link #factory(Mutant, ClassLoader)} loads the mutant from whichever loader was given that jar.
 *
 * <p>Needs a JDK (not a bare JRE) and the source tree (see {@link SourceTree}). Compiled mutants
 * are cached for the life of the JVM. Thread-safe.
 */
public final class MutantCompiler {

    private static final String IMPL_PACKAGE = "io.cursorcheck.impl";
    private static final Map<String, BroadcastFactory> CACHE = new ConcurrentHashMap<>();
    private static final Map<String, Map<String, byte[]>> COMPILED = new ConcurrentHashMap<>(); // id -> classes

    private MutantCompiler() {
    }

    /**
     * The factory of a mutant, compiling it on first use.
     *
     * @throws IllegalStateException if the patch does not apply or the patched source does not compile
     */
    public static BroadcastFactory factory(Mutant mutant) {
        return CACHE.computeIfAbsent(mutant.id(), id -> compile(mutant));
    }

    /**
     * Writes the mutant's classes, compiled as {@link #factory(Mutant)} compiles them, to a jar
     * (replacing any file there), so that another class loader can load the mutant: append the jar to
     * its search path, then call {@link #factory(Mutant, ClassLoader)}.
     *
     * @param mutant the mutant
     * @param jar    the jar file to write; its directory is created if needed
     * @return {@code jar}
     * @throws IllegalStateException if the patch does not apply, the patched source does not compile or
     *                               the jar cannot be written
     */
    public static Path writeJar(Mutant mutant, Path jar) {
        Map<String, byte[]> classes = classes(mutant);
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

    /**
     * The factory of a mutant whose classes {@code loader} finds by name, typically because it was
     * given a jar from {@link #writeJar}. Not cached: loaders cache their classes.
     *
     * @param mutant the mutant
     * @param loader a class loader that finds the mutant's classes
     * @return the factory
     * @throws IllegalStateException if {@code loader} does not find the mutant's entry class
     */
    public static BroadcastFactory factory(Mutant mutant, ClassLoader loader) {
        String entry = packageOf(mutant) + "." + mutant.entry();
        try {
            return new Factory(mutant, Class.forName(entry, true, loader).getConstructor(Options.class));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("mutant " + mutant.id() + ": " + loader + " does not find " + entry
                    + "; give it the jar from writeJar first", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("mutant " + mutant.id() + ": no public " + mutant.entry() + "(Options)", e);
        }
    }

    /** The package the mutant's copy of {@code impl} lives in: {@code io.cursorcheck.mutants.<id>}. */
    private static String packageOf(Mutant mutant) {
        return "io.cursorcheck.mutants." + mutant.id().replace("-", "_");
    }

    /** The mutant's compiled classes by binary name, compiled on first use. */
    private static Map<String, byte[]> classes(Mutant mutant) {
        return COMPILED.computeIfAbsent(mutant.id(), id -> javac(mutant, patchedSources(mutant, packageOf(mutant))));
    }

    private static BroadcastFactory compile(Mutant mutant) {
        String pkg = packageOf(mutant);
        Map<String, byte[]> classes = classes(mutant);
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
        try {
            Constructor<?> ctor = loader.loadClass(pkg + "." + mutant.entry()).getConstructor(Options.class);
            return new Factory(mutant, ctor);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("mutant " + mutant.id() + ": no public " + mutant.entry() + "(Options)", e);
        }
    }

    /** The patched sources of every file of {@code impl}, by class name in the mutant's package. */
    static Map<String, String> patchedSources(Mutant mutant, String pkg) {
        Path dir = SourceTree.implSources();
        Map<String, String> sources = new HashMap<>();
        boolean patched = false;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
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
     * Applies the patch: {@code find} must match exactly once, whitespace runs matching any
     * whitespace, so re-indenting the real code does not break a mutant.
     */
    static String apply(Mutant mutant, String text) {
        StringBuilder regex = new StringBuilder();
        for (String token : mutant.find().strip().split("\\s+")) {
            if (regex.length() > 0) {
                regex.append("\\s+");
            }
            regex.append(Pattern.quote(token));
        }
        Matcher m = Pattern.compile(regex.toString()).matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("mutant " + mutant.id() + ": its patch no longer applies to " + mutant.file()
                    + "; update the mutant to the current code:\n" + mutant.diff());
        }
        int start = m.start();
        int end = m.end();
        if (m.find()) {
            throw new IllegalStateException("mutant " + mutant.id() + ": its patch matches more than once in "
                    + mutant.file() + "; make it specific:\n" + mutant.diff());
        }
        return text.substring(0, start) + mutant.replace().strip() + text.substring(end);
    }

    private static Map<String, byte[]> javac(Mutant mutant, Map<String, String> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("mutants need a JDK's compiler; this runtime has none ("
                    + System.getProperty("java.home") + ")");
        }
        Map<String, ByteArrayOutputStream> out = new HashMap<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        JavaFileManager memory = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                return new SimpleJavaFileObject(uri("mem:///" + className.replace('.', '/') + ".class"), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return out.computeIfAbsent(className, k -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        sources.forEach((name, text) -> units.add(new SimpleJavaFileObject(
                uri("mem:///" + name.replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        }));
        StringWriter diagnostics = new StringWriter();
        List<String> options = List.of("--release", "17", "-proc:none", "-nowarn", "-classpath", spiClasspath());
        boolean ok = compiler.getTask(diagnostics, memory, null, options, null, units).call();
        if (!ok) {
            throw new IllegalStateException("mutant " + mutant.id() + " does not compile:\n" + diagnostics);
        }
        Map<String, byte[]> classes = new HashMap<>();
        out.forEach((name, bytes) -> classes.put(name, bytes.toByteArray()));
        return classes;
    }

    private static String spiClasspath() {
        try {
            return Path.of(Broadcast.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the spi classes", e);
        }
    }

    private static URI uri(String s) {
        return URI.create(s);
    }

    /** A compiled mutant. */
    private record Factory(Mutant mutant, Constructor<?> ctor) implements BroadcastFactory {
        @Override
        public String id() {
            return mutant.id();
        }

        @Override
        public String description() {
            return mutant.className() + ": " + mutant.description();
        }

        @Override
        public Broadcast create(Options options) {
            try {
                return (Broadcast) ctor.newInstance(options);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot instantiate mutant " + mutant.id(), e);
            }
        }

        @Override
        public String toString() {
            return mutant.id();
        }
    }
}
