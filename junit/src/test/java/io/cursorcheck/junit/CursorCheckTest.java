package io.cursorcheck.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.impl.DirtyFlagBroadcast;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The entry point on a correct broadcast (every test passes), on a buggy one (the negative control:
 * dirty-flag, Node's tracking before 26.2.0, must fail with a counterexample page, never a crash),
 * on a broadcast that cannot be forked (bounds skipped with the reason) and on bad input.
 */
class CursorCheckTest {

    @TempDir
    Path pages;

    /** Runs every dynamic test; maps its name to what it threw, or null when it passed. */
    private static Map<String, Throwable> outcomes(CursorCheck check) {
        Map<String, Throwable> out = new java.util.LinkedHashMap<>();
        for (DynamicTest t : check.tests().toList()) {
            try {
                t.getExecutable().execute();
                out.put(t.getDisplayName(), null);
            } catch (Throwable e) {
                out.put(t.getDisplayName(), e);
            }
        }
        return out;
    }

    @Test
    void aCorrectBroadcastPassesTheFactoryTheLockstepCheckAndEveryBound() {
        Map<String, Throwable> out = outcomes(CursorCheck.of("cached-count-user", CachedCountBroadcast::new)
                .withSequences(300)
                .withDepth(6)
                .withPages(pages));
        // the factory, the catalogue's examples, lockstep, two bounds per policy (four)
        assertThat(out).hasSize(10 + SuiteFacade.examples().size());
        assertThat(SuiteFacade.examples()).hasSizeGreaterThan(30);
        assertThat(out.values()).as("%s", out).containsOnlyNulls();
        assertThat(pages.resolve("counterexamples")).doesNotExist();
        assertThat(pages.resolve("docs/spec.md")).isRegularFile();
    }

    @Test
    void theNegativeControlFailsTheLockstepCheckWithAShrunkCounterexampleAndItsPage() throws Exception {
        Map<String, Throwable> out = outcomes(CursorCheck.of("dirty-flag-user", DirtyFlagBroadcast::new)
                .withSequences(2_000)
                .withDepth(6)
                .withPages(pages));
        Throwable lockstep = out.entrySet().stream()
                .filter(e -> e.getKey().contains(": lockstep with the model"))
                .findFirst()
                .orElseThrow()
                .getValue();
        // Caught for the right reason: an assertion failure carrying a counterexample, not a crash.
        assertThat(lockstep).isInstanceOf(AssertionFailedError.class);
        assertThat(lockstep.getMessage())
                .contains(
                        "cursorcheck dirty-flag-user fails (lockstep with the model",
                        "page: ",
                        "script:",
                        "-Dcursorcheck.seed=");
        Path page = pageOf(lockstep);
        assertThat(page).isRegularFile().startsWith(pages.resolve("counterexamples/dirty-flag-user"));
        assertThat(Files.readString(page)).contains("## Script", "dirty-flag-user");
        // The page's links to the spec resolve to the copy under the pages directory, not into a source tree.
        java.util.regex.Matcher link =
                java.util.regex.Pattern.compile("\\]\\(([^)#]*spec\\.md)").matcher(Files.readString(page));
        assertThat(link.find()).as("a link to the spec").isTrue();
        assertThat(page.getParent().resolve(link.group(1)).normalize())
                .isEqualTo(pages.resolve("docs/spec.md"))
                .isRegularFile();
        assertThat(Path.of(page.toString().replaceAll("\\.md$", ".json"))).isRegularFile();
    }

    @Test
    void theNegativeControlFailsNamedExamplesEachNamingItsStepAndWhatWasExpected() {
        Map<String, Throwable> out = outcomes(CursorCheck.of("dirty-flag-user", DirtyFlagBroadcast::new)
                .withSequences(1)
                .withDepth(1)
                .withPages(pages));
        Map<String, Throwable> failedExamples = new java.util.LinkedHashMap<>();
        out.forEach((name, thrown) -> {
            if (name.startsWith("dirty-flag-user: example ") && thrown != null) {
                failedExamples.put(name, thrown);
            }
        });
        assertThat(failedExamples).as("examples the buggy broadcast fails").isNotEmpty();
        failedExamples.forEach((name, thrown) -> {
            // Caught for the right reason: an assertion naming the example, not a crash.
            assertThat(thrown).isInstanceOf(AssertionError.class);
            String example = name.substring("dirty-flag-user: example ".length());
            assertThat(thrown.getMessage())
                    .startsWith("example " + example + " fails on dirty-flag-user: ")
                    .contains("expected");
        });
        // A correct broadcast passes them all (aCorrectBroadcastPasses...), so these failures are the tracking's.
    }

    @Test
    void theNegativeControlFailsAnExhaustiveBoundWithAShortestCounterexample() throws Exception {
        Map<String, Throwable> out = outcomes(CursorCheck.of("dirty-flag-user", DirtyFlagBroadcast::new)
                .withSequences(1)
                .withDepth(6)
                .withPages(pages));
        List<Throwable> bounds = new ArrayList<>();
        out.forEach((name, thrown) -> {
            if (name.contains("every sequence") && thrown != null) {
                bounds.add(thrown);
            }
        });
        assertThat(bounds).as("bounds failed: %s", out.keySet()).isNotEmpty();
        for (Throwable b : bounds) {
            assertThat(b).isInstanceOf(AssertionFailedError.class);
            assertThat(b.getMessage()).contains("exhaustive bound", "page: ", "script:");
            assertThat(pageOf(b)).isRegularFile();
            // A bound's page, too, gives the user's replay, not this repository's.
            assertThat(Files.readString(pageOf(b)))
                    .doesNotContain("bin/cursorcheck")
                    .contains("-Dcursorcheck.replay=", ".replay(\"\"\"");
        }
    }

    @Test
    void aBroadcastThatCannotBeForkedRunsTheLockstepCheckAndSaysWhyTheBoundsAreSkipped() {
        Map<String, Throwable> out = outcomes(CursorCheck.of("not-forkable", NotForkable::of)
                .withSequences(200)
                .withPages(pages));
        List<String> skipped = out.entrySet().stream()
                .filter(e -> e.getValue() instanceof TestAbortedException)
                .map(e -> e.getValue().getMessage())
                .collect(Collectors.toList());
        assertThat(skipped).hasSize(8).allSatisfy(m -> assertThat(m).contains("not io.cursorcheck.spi.Forkable"));
        assertThat(out.entrySet().stream()
                        .filter(e -> !(e.getValue() instanceof TestAbortedException))
                        .map(Map.Entry::getValue))
                .containsOnlyNulls();
    }

    @Test
    void badInputIsAClearExceptionNamingIt() {
        assertThatThrownBy(() -> CursorCheck.of("mine", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("factory of 'mine' must not be null");
        assertThatThrownBy(() -> CursorCheck.of("a/b", CachedCountBroadcast::new))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was 'a/b'");
        assertThatThrownBy(
                        () -> CursorCheck.of("mine", CachedCountBroadcast::new).withSequences(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sequences must be >= 1, was 0");
        assertThatThrownBy(
                        () -> CursorCheck.of("mine", CachedCountBroadcast::new).withDepth(13))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("depth must be 1 to 12, was 13");
        assertThatThrownBy(
                        () -> CursorCheck.of("mine", CachedCountBroadcast::new).withConsumers(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("consumers must be 1 to 4, was 0");
        assertThatThrownBy(
                        () -> CursorCheck.of("mine", CachedCountBroadcast::new).withPages(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pages directory of 'mine'");
    }

    @Test
    void aFactoryThatThrowsOrReturnsNullIsNamedNotReportedAsACounterexample() {
        Function<Options, Broadcast> throwing = o -> {
            throw new IllegalStateException("no licence");
        };
        Map<String, Throwable> out = outcomes(
                CursorCheck.of("broken-factory", throwing).withSequences(10).withPages(pages));
        assertThat(out.values())
                .allSatisfy(t -> assertThat(t)
                        .isInstanceOf(BroadcastFactoryException.class)
                        .hasMessageContaining("factory of 'broken-factory' threw")
                        .hasMessageContaining("no licence"));
        Map<String, Throwable> nulls = outcomes(
                CursorCheck.of("null-factory", o -> null).withSequences(10).withPages(pages));
        assertThat(nulls.values())
                .allSatisfy(t -> assertThat(t)
                        .isInstanceOf(BroadcastFactoryException.class)
                        .hasMessageContaining("factory of 'null-factory' returned null"));
        assertThat(pages.resolve("counterexamples")).doesNotExist();
    }

    private static Path pageOf(Throwable failure) {
        String line = failure.getMessage()
                .lines()
                .filter(l -> l.strip().startsWith("page: "))
                .findFirst()
                .orElseThrow();
        return Path.of(line.strip().substring("page: ".length()));
    }

    /** A correct broadcast behind an interface proxy: {@link Broadcast} only, so it cannot be forked. */
    static final class NotForkable {
        private NotForkable() {}

        static Broadcast of(Options options) {
            Broadcast inner = new CachedCountBroadcast(options);
            return (Broadcast) Proxy.newProxyInstance(
                    NotForkable.class.getClassLoader(), new Class<?>[] {Broadcast.class}, (proxy, method, args) -> {
                        try {
                            return method.invoke(inner, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause(); // the broadcast's own exception, as the spec's answer
                        }
                    });
        }
    }
}
