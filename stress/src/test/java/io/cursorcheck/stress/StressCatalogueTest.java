package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.race.RaceCatalogue;
import io.cursorcheck.spi.Options;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The jcstress tests' annotations equal the race catalogue that Fray and Lincheck read, both ways, by
 * reflection: every test class is a race of the catalogue and every race has its test; each subject's
 * {@code @Outcome} annotations (ids, expect, desc, in order) and mode are the race's; its {@code OPTIONS} are
 * the race's; its subjects are the two thread-safe variants and exactly the race's racy twins. The controls
 * apply the same comparer to doctored annotation sets and a catalogue with a race left out.
 */
class StressCatalogueTest {

    /**
     * One jcstress test class as the comparer sees it.
     *
     * @param test     the class's simple name, e.g. {@code CountRaceStress}
     * @param options  its {@code OPTIONS}
     * @param subjects its nested subjects, each carrying its {@code @Outcome} annotations
     */
    record TestClass(String test, Options options, List<Class<?>> subjects) {}

    @Test
    void theJcstressTestsEqualTheCatalogue() {
        List<TestClass> tests = declared();
        assertThat(tests).hasSize(RaceCatalogue.values().length);
        assertThat(differences(tests)).isEmpty();
    }

    /** The control: an ACCEPTABLE outcome turned FORBIDDEN is a difference, named. */
    @Test
    void anOutcomeWhoseExpectationChangedIsSeen() {
        List<TestClass> tests = replaced(
                new TestClass("CountRaceStress", RaceCatalogue.COUNT_RACE.options(), nested(TurnedForbidden.class)));
        assertThat(differences(tests))
                .singleElement()
                .asString()
                .contains("CountRaceStress.Published", "e0/5, e0/5, ok-1", "FORBIDDEN");
    }

    /** The control: an outcome missing (here: the catch-all), a changed description, other options. */
    @Test
    void aMissingOutcomeAChangedDescriptionAndOtherOptionsAreSeen() {
        List<TestClass> tests = replaced(
                new TestClass("CountRaceStress", RaceCatalogue.BLOCKED_WRITER.options(), nested(Doctored.class)));
        assertThat(differences(tests))
                .anyMatch(d -> d.contains("CountRaceStress: OPTIONS"))
                .anyMatch(d -> d.contains("CountRaceStress.Locked: the outcomes") && d.contains("lost decrement"))
                .anyMatch(d -> d.contains("CountRaceStress.Published: the outcomes") && d.contains("whatever"))
                .hasSize(3);
    }

    /** The control of the mode: a termination test's subjects under a continuous race's name. */
    @Test
    void aModeDifferenceIsSeen() {
        List<Class<?>> blockedWriter = declared().stream()
                .filter(t -> t.test().equals("BlockedWriterStress"))
                .findFirst()
                .orElseThrow()
                .subjects();
        List<TestClass> tests =
                replaced(new TestClass("CountRaceStress", RaceCatalogue.COUNT_RACE.options(), blockedWriter));
        assertThat(differences(tests))
                .anyMatch(d -> d.startsWith("CountRaceStress.Locked: mode Termination, the catalogue's Continuous"));
    }

    /** The control: a twin the test runs that the catalogue does not name, and a real variant missing. */
    @Test
    void aTwinOrVariantOutsideTheCatalogueIsSeen() {
        List<TestClass> tests =
                replaced(new TestClass("CountRaceStress", RaceCatalogue.COUNT_RACE.options(), nested(ExtraTwin.class)));
        assertThat(differences(tests))
                .containsExactly("CountRaceStress: twins [lost-wakeup, plain-count-decrement], the catalogue's"
                        + " [plain-count-decrement]; real variants [Published], the catalogue's [Locked, Published]");
    }

    /** The control of both ways: a race without its test, and a test the catalogue does not have. */
    @Test
    void aRaceInOneButNotTheOtherIsSeen() {
        List<TestClass> tests = new ArrayList<>(declared());
        tests.removeIf(t -> t.test().equals("BlockedWriterStress"));
        tests.add(new TestClass("NoSuchRaceStress", RaceCatalogue.COUNT_RACE.options(), List.of()));
        assertThat(differences(tests))
                .containsExactlyInAnyOrder(
                        "NoSuchRaceStress: a jcstress test the race catalogue does not have",
                        "BLOCKED_WRITER: a race of the catalogue without its jcstress test BlockedWriterStress");
    }

    /** What is different between the tests and the catalogue; empty when they agree. */
    static List<String> differences(List<TestClass> tests) {
        List<String> differences = new ArrayList<>();
        Map<RaceCatalogue, TestClass> seen = new LinkedHashMap<>();
        for (TestClass t : tests) {
            RaceCatalogue race = Arrays.stream(RaceCatalogue.values())
                    .filter(r -> r.jcstress().equals(t.test()))
                    .findFirst()
                    .orElse(null);
            if (race == null) {
                differences.add(t.test() + ": a jcstress test the race catalogue does not have");
                continue;
            }
            seen.put(race, t);
            if (!race.options().equals(t.options())) {
                differences.add(t.test() + ": OPTIONS " + t.options() + ", the catalogue's " + race.options());
            }
            TreeSet<String> twins = new TreeSet<>();
            TreeSet<String> variants = new TreeSet<>();
            for (Class<?> subject : t.subjects()) {
                String twin = DeclaredTests.twinId(subject);
                (twin == null ? variants : twins).add(twin == null ? subject.getSimpleName() : twin);
                String name = t.test() + "." + subject.getSimpleName();
                JCStressTest annotation = subject.getAnnotation(JCStressTest.class);
                Mode mode = annotation == null ? Mode.Continuous : annotation.value();
                if ((mode == Mode.Termination) != race.termination()) {
                    differences.add(name + ": mode " + mode + ", the catalogue's "
                            + (race.termination() ? "Termination" : "Continuous"));
                }
                List<RaceCatalogue.Declared> declared = Arrays.stream(subject.getAnnotationsByType(Outcome.class))
                        .map(o -> new RaceCatalogue.Declared(
                                ids(o), RaceCatalogue.Expect.valueOf(o.expect().name()), o.desc()))
                        .toList();
                if (!declared.equals(race.outcomes())) {
                    differences.add(name + ": the outcomes " + declared + ", the catalogue's " + race.outcomes());
                }
            }
            if (!twins.equals(new TreeSet<>(race.twins())) || !variants.equals(new TreeSet<>(Subjects.RACE_VARIANTS))) {
                differences.add(t.test() + ": twins " + twins + ", the catalogue's " + new TreeSet<>(race.twins())
                        + "; real variants " + variants + ", the catalogue's "
                        + new TreeSet<>(Subjects.RACE_VARIANTS));
            }
        }
        for (RaceCatalogue race : RaceCatalogue.values()) {
            if (!seen.containsKey(race)) {
                differences.add(race + ": a race of the catalogue without its jcstress test " + race.jcstress());
            }
        }
        return differences;
    }

    /** An annotation's ids; jcstress spells the catch-all as the one empty pattern, the catalogue as no id. */
    private static List<String> ids(Outcome o) {
        List<String> ids = List.of(o.id());
        return ids.equals(List.of("")) ? List.of() : ids;
    }

    /** The jcstress test classes of this module, as DeclaredTests finds their subjects. */
    static List<TestClass> declared() {
        Map<String, List<Class<?>>> subjects = new LinkedHashMap<>();
        for (DeclaredTests.Pair p : DeclaredTests.all()) {
            subjects.computeIfAbsent(p.test(), t -> new ArrayList<>()).add(load(p.name()));
        }
        List<TestClass> tests = new ArrayList<>();
        subjects.forEach((test, classes) -> {
            Class<?> testClass = classes.get(0).getEnclosingClass();
            tests.add(new TestClass(test, options(testClass), classes));
        });
        return tests;
    }

    /** The real tests with one replaced by a fixture of the same name. */
    private static List<TestClass> replaced(TestClass fixture) {
        List<TestClass> tests = new ArrayList<>(declared());
        tests.replaceAll(t -> t.test().equals(fixture.test()) ? fixture : t);
        return tests;
    }

    private static List<Class<?>> nested(Class<?> holder) {
        return Arrays.stream(holder.getDeclaredClasses())
                .sorted((a, b) -> a.getSimpleName().compareTo(b.getSimpleName()))
                .toList();
    }

    private static Options options(Class<?> testClass) {
        try {
            Field f = testClass.getDeclaredField("OPTIONS");
            f.setAccessible(true);
            return (Options) Objects.requireNonNull(f.get(null), testClass + ".OPTIONS");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(testClass + " has no static OPTIONS", e);
        }
    }

    private static Class<?> load(String canonicalName) {
        int dot = canonicalName.lastIndexOf('.');
        String binary = canonicalName.substring(0, dot) + "$" + canonicalName.substring(dot + 1);
        try {
            return Class.forName(binary, false, StressCatalogueTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot load " + canonicalName, e);
        }
    }

    /** CountRaceStress's subjects as declared, but Published's one ACCEPTABLE outcome turned FORBIDDEN. */
    static final class TurnedForbidden {
        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class Locked {}

        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = FORBIDDEN,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class Published {}

        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class PlainCountDecrementTwin {}
    }

    /**
     * CountRaceStress's subjects doctored two ways: Locked lacks the catch-all, Published's description changed.
     * The fixtures carry no {@code @JCStressTest}: jcstress' annotation processor would take them for tests.
     */
    static final class Doctored {
        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        static final class Locked {}

        @Outcome(id = "e0/5, e0/5, ok-1", expect = ACCEPTABLE, desc = "I5, I6: whatever")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class Published {}

        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class PlainCountDecrementTwin {}
    }

    /** CountRaceStress with Locked gone and a second twin, lost-wakeup, the catalogue does not give it. */
    static final class ExtraTwin {
        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class Published {}

        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class PlainCountDecrementTwin {}

        @Outcome(
                id = "e0/5, e0/5, ok-1",
                expect = ACCEPTABLE,
                desc = "I5, I6: both left the minimum; entry 0 trimmed; cache exact")
        @Outcome(
                expect = FORBIDDEN,
                desc = "I5, I6: a lost decrement: entry 0 kept after both read it, or a stale cache")
        static final class LostWakeupTwin {}
    }
}
