package io.cursorcheck.stress;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.mutants.Mutants;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;

/**
 * The (test, subject) pairs this module's jcstress tests declare, found by reflection: every
 * class under {@code io.cursorcheck.stress} (in a directory or a jar), and in each, the nested
 * classes annotated {@link JCStressTest}. The stress gate expects each of them to have run; a
 * hand-written list could fall behind the tests, this cannot. Stateless.
 *
 * <p>The convention it holds: a jcstress test is a nested subject of its test class
 * ({@code CountRaceStress.Published}), and a subject named {@code <Camel>Twin} runs the racy twin
 * {@code <camel-id>} of {@link Mutants#RACY_TWINS} ({@code PlainCountDecrementTwin} runs
 * {@code plain-count-decrement}); a class that breaks it is an error, not a silent omission.
 */
public final class DeclaredTests {

    /**
     * One declared pair.
     *
     * @param test    the test class's simple name, e.g. {@code CountRaceStress}
     * @param subject the subject's simple name, e.g. {@code Published} or {@code PlainCountDecrementTwin}
     * @param name    the name jcstress reports, e.g. {@code io.cursorcheck.stress.CountRaceStress.Published}
     * @param mode    continuous (an outcome per sample) or termination (does an actor finish)
     * @param twinId  the racy twin the subject runs, or null for a real variant
     */
    public record Pair(String test, String subject, String name, Mode mode, String twinId) {

        /** Whether the subject is a racy twin. */
        public boolean twin() {
            return twinId != null;
        }

        /** {@code CountRaceStress.Published}, as reports name it. */
        public String shortName() {
            return test + "." + subject;
        }
    }

    private static final String PACKAGE = DeclaredTests.class.getPackageName();

    private DeclaredTests() {}

    /** Every declared pair, by name. */
    public static List<Pair> all() {
        List<Pair> pairs = new ArrayList<>();
        for (String className : classNames()) {
            Class<?> c = load(className);
            if (c.isAnnotationPresent(JCStressTest.class)) {
                throw new IllegalStateException(className + " is a jcstress test of its own; the stress gate expects"
                        + " every test to be a subject nested in its test class");
            }
            for (Class<?> subject : c.getDeclaredClasses()) {
                JCStressTest test = subject.getAnnotation(JCStressTest.class);
                if (test != null) {
                    pairs.add(new Pair(
                            c.getSimpleName(),
                            subject.getSimpleName(),
                            subject.getCanonicalName(),
                            test.value(),
                            twinId(subject)));
                }
            }
        }
        pairs.sort(Comparator.comparing(Pair::name));
        return List.copyOf(pairs);
    }

    /**
     * The declared pairs jcstress runs for a test filter: those whose name the regex finds, as
     * jcstress' {@code -t} selects them; all of them for null.
     */
    public static List<Pair> matching(String filter) {
        if (filter == null) {
            return all();
        }
        Pattern p = Pattern.compile(filter);
        return all().stream().filter(pair -> p.matcher(pair.name()).find()).toList();
    }

    /**
     * The twin id a subject's name declares, or null for a real variant.
     *
     * @throws IllegalStateException if the subject is named as a twin that {@link Mutants#RACY_TWINS} lacks
     */
    static String twinId(Class<?> subject) {
        String name = subject.getSimpleName();
        if (!name.endsWith("Twin")) {
            return null;
        }
        String id = twinId(name);
        try {
            return Subjects.racyTwin(id).id();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    subject.getCanonicalName() + " is named as the racy twin '" + id
                            + "', which Mutants.RACY_TWINS does not have",
                    e);
        }
    }

    /** {@code PlainCountDecrementTwin} gives {@code plain-count-decrement}. */
    static String twinId(String subject) {
        String camel = subject.substring(0, subject.length() - "Twin".length());
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
    }

    private static Class<?> load(String className) {
        try {
            return Class.forName(className, false, DeclaredTests.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot load " + className + ", listed beside " + DeclaredTests.class, e);
        }
    }

    /**
     * The top-level classes of this package and the packages under it, from where this class was
     * loaded. Skips the classes jcstress' annotation processor generates ({@code *_jcstress}): they
     * declare no test.
     */
    private static List<String> classNames() {
        Path location;
        try {
            location = Path.of(DeclaredTests.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where " + DeclaredTests.class + " was loaded from", e);
        }
        String folder = PACKAGE.replace('.', '/') + "/";
        List<String> entries = new ArrayList<>();
        try {
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.walk(location.resolve(folder))) {
                    files.filter(Files::isRegularFile)
                            .forEach(f -> entries.add(
                                    location.relativize(f).toString().replace('\\', '/')));
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        entries.add(e.nextElement().getName());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes in " + location, e);
        }
        return entries.stream()
                .filter(e ->
                        e.startsWith(folder) && e.endsWith(".class") && !e.contains("$") && !e.contains("_jcstress"))
                .map(e -> e.substring(0, e.length() - ".class".length()).replace('/', '.'))
                .sorted()
                .toList();
    }
}
