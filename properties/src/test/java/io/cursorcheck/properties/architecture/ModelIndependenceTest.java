package io.cursorcheck.properties.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.source.SourceTree;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The model stays independent of the ports (issue 17): no class of {@code io.cursorcheck.model} declares a
 * method, field or type whose name a class of {@code io.cursorcheck.impl} also declares, unless the name is
 * the spec's own word or the public API. So a misreading of {@code docs/spec.md} would have to be made twice,
 * differently named, to pass the lockstep check.
 *
 * <p>The allowed names are not kept by hand: they are read from {@code docs/spec.md} (the headings of Terms,
 * §1 and §2 in camel case, the bold terms, the identifiers in backticks in those sections) and from the public
 * API (every public method of the spi types the model's classes implement or extend, of {@link Object}, and of
 * {@link ScanningModel} itself, which other modules call). A name both sides invented is reported, with the
 * classes that declare it. The negative control, {@link #aSharedInventedNameIsCaughtAndNothingElse()}, adds a
 * fixture that shares three names with {@code impl} and must be caught on exactly those.
 */
class ModelIndependenceTest {

    /** The package of the reference model. */
    static final String MODEL = "io.cursorcheck.model";
    /** The package of the ports. */
    static final String PORTS = "io.cursorcheck.impl";

    /** A name declared on both sides: what it names, the name, and one declaring class on each side. */
    record SharedName(String kind, String name, String modelClass, String portClass) {}

    @Test
    void theModelSharesNoInventedNameWithThePorts() throws IOException {
        List<SharedName> shared = sharedNames(classesOf(MODEL), classesOf(PORTS), allowedNames());
        assertThat(shared)
                .as("names the model shares with impl beyond the spec's words and the public API: rename the"
                        + " model's (after the spec's section, docs/spec.md), never the allow-list")
                .isEmpty();
    }

    /**
     * The control: the real model plus {@link ModelIndependenceFixture}, which declares a method, a field and a
     * type named as {@code impl}'s {@code EntryRing} names its own, and a method named after a spec procedure
     * ({@code trim}) that {@code impl} also declares. Exactly the three invented names must be reported: the
     * spec word is allowed, and the real model contributes nothing.
     */
    @Test
    void aSharedInventedNameIsCaughtAndNothingElse() throws IOException {
        List<Class<?>> model = new ArrayList<>(classesOf(MODEL));
        model.add(ModelIndependenceFixture.class);
        model.add(ModelIndependenceFixture.EntryRing.class);
        List<Class<?>> ports = classesOf(PORTS);
        Set<String> portNames = new TreeSet<>();
        for (Class<?> c : ports) {
            portNames.addAll(declaredNames(c));
        }
        assertThat(portNames)
                .as("impl still declares the names the fixture copies (if impl renamed them, copy current ones)")
                .contains("removeBefore", "slots", "entryRing", "trim");

        List<SharedName> shared = sharedNames(model, ports, allowedNames());

        assertThat(shared)
                .extracting(SharedName::kind, SharedName::name)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("method", "removeBefore"),
                        org.assertj.core.groups.Tuple.tuple("field", "slots"),
                        org.assertj.core.groups.Tuple.tuple("type", "entryRing"));
        assertThat(shared).allSatisfy(s -> assertThat(s.modelClass()).contains("ModelIndependenceFixture"));
    }

    /** The spec's words are read from the spec, and they are words, not everything impl declares. */
    @Test
    void theAllowedNamesAreTheSpecsWordsAndTheApi() throws IOException {
        Set<String> allowed = allowedNames();
        assertThat(allowed)
                .contains(
                        "trim",
                        "flush",
                        "offer",
                        "eviction",
                        "readingAnEntry",
                        "settlingDrains",
                        "endingTheBroadcast",
                        "completingTheEnd",
                        "bufferStart",
                        "queuedWrites",
                        "size",
                        "spoiled",
                        "attach",
                        "writevSync",
                        "writeKey",
                        "writeOf");
        assertThat(allowed)
                .doesNotContain(
                        "removeBefore",
                        "notifyWaiters",
                        "flushQueuedWrites",
                        "endIfNoWriteQueued",
                        "settleOutstanding",
                        "reply",
                        "own");
    }

    // ---------------------------------------------------------------- the check

    /** The main classes of {@code pkg} (nested ones included), from the test class path. */
    static List<Class<?>> classesOf(String pkg) {
        List<Class<?>> classes = new ArrayList<>();
        for (JavaClass c : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(pkg)) {
            if (c.getPackageName().equals(pkg)) {
                classes.add(c.reflect());
            }
        }
        assertThat(classes).as("classes of %s on the test class path", pkg).isNotEmpty();
        return classes;
    }

    /** Every name the model side declares that the ports also declare, unless allowed. */
    static List<SharedName> sharedNames(List<Class<?>> model, List<Class<?>> ports, Set<String> allowed) {
        List<SharedName> shared = new ArrayList<>();
        for (Class<?> m : model) {
            for (Named named : declared(m)) {
                if (allowed.contains(named.name())) {
                    continue;
                }
                for (Class<?> p : ports) {
                    if (declaredNames(p).contains(named.name())) {
                        shared.add(new SharedName(named.kind(), named.name(), m.getName(), p.getName()));
                        break;
                    }
                }
            }
        }
        return shared;
    }

    private record Named(String kind, String name) {}

    /**
     * What a class declares under a name of its own choosing: its simple name (first letter lower case, to
     * compare with the spec's words), its methods and its fields; nothing the compiler made (synthetic members,
     * bridges, an enum's {@code values} and {@code valueOf}).
     */
    private static List<Named> declared(Class<?> c) {
        List<Named> names = new ArrayList<>();
        if (!c.isAnonymousClass() && !c.isSynthetic()) {
            names.add(new Named("type", decapitalize(c.getSimpleName())));
        }
        for (Method method : c.getDeclaredMethods()) {
            if (method.isSynthetic() || method.isBridge() || (c.isEnum() && isImplicitEnumMethod(method))) {
                continue;
            }
            names.add(new Named("method", method.getName()));
        }
        for (Field field : c.getDeclaredFields()) {
            if (!field.isSynthetic() && !field.isEnumConstant()) {
                names.add(new Named("field", field.getName()));
            }
        }
        return names;
    }

    private static Set<String> declaredNames(Class<?> c) {
        Set<String> names = new TreeSet<>();
        for (Named n : declared(c)) {
            names.add(n.name());
        }
        return names;
    }

    private static boolean isImplicitEnumMethod(Method method) {
        return Modifier.isStatic(method.getModifiers())
                && (method.getName().equals("values") || method.getName().equals("valueOf"));
    }

    // ---------------------------------------------------------------- the allowed names

    /** The spec's words and the public API's names. */
    static Set<String> allowedNames() throws IOException {
        Set<String> allowed =
                new TreeSet<>(specWords(Files.readString(SourceTree.root().resolve("docs/spec.md"))));
        for (Method method : Object.class.getMethods()) {
            allowed.add(method.getName());
        }
        for (Method method : ScanningModel.class.getMethods()) {
            allowed.add(method.getName()); // its public API (and the spi's, which it implements)
        }
        for (Class<?> c : classesOf(MODEL)) {
            for (Class<?> api : apiSupertypes(c)) {
                for (Method method : api.getMethods()) {
                    allowed.add(method.getName()); // e.g. ConsumerHandle.id, Diagnostics.scans
                }
            }
        }
        return allowed;
    }

    /** The supertypes of {@code c} outside the model package: the API it implements. */
    private static Set<Class<?>> apiSupertypes(Class<?> c) {
        Set<Class<?>> found = new java.util.LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>();
        todo.add(c);
        while (!todo.isEmpty()) {
            Class<?> t = todo.remove(todo.size() - 1);
            if (t.getSuperclass() != null) {
                todo.add(t.getSuperclass());
            }
            todo.addAll(List.of(t.getInterfaces()));
            if (!t.getPackageName().equals(MODEL)) {
                found.add(t);
            }
        }
        return found;
    }

    private static final Pattern HEADING = Pattern.compile("^(#{2,3}) (.+)$");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([A-Za-z]+)\\*\\*");
    private static final Pattern CODE = Pattern.compile("`([A-Za-z][A-Za-z0-9]*)(\\(\\))?`");

    /**
     * The spec's own words, from its sections "Terms", "1. State" and "2. Operations": every heading in camel
     * case ("reading an entry" is {@code readingAnEntry}), every bold term, and every identifier in backticks.
     */
    static Set<String> specWords(String spec) {
        Set<String> words = new TreeSet<>();
        boolean inside = false;
        for (String line : spec.split("\n")) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches() && heading.group(1).equals("##")) {
                String title = heading.group(2);
                inside = title.equals("Terms") || title.startsWith("1. ") || title.startsWith("2. ");
            }
            if (!inside) {
                continue;
            }
            if (heading.matches()) {
                words.add(camelCase(heading.group(2)));
            }
            Matcher bold = BOLD.matcher(line);
            while (bold.find()) {
                words.add(decapitalize(bold.group(1)));
            }
            Matcher code = CODE.matcher(line);
            while (code.find()) {
                words.add(code.group(1));
            }
        }
        return words;
    }

    /** "2. Operations" is {@code operations}, "reading an entry" {@code readingAnEntry}. */
    static String camelCase(String title) {
        StringBuilder name = new StringBuilder();
        for (String word : title.replaceAll("^[0-9]+\\.\\s*", "").split("[^A-Za-z0-9]+")) {
            if (word.isEmpty()) {
                continue;
            }
            name.append(
                    name.length() == 0
                            ? decapitalize(word)
                            : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }

    private static String decapitalize(String word) {
        return word.isEmpty() ? word : Character.toLowerCase(word.charAt(0)) + word.substring(1);
    }
}
