package io.cursorcheck.stress;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.stress.lincheck.LincheckRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every racy twin is a negative control of some check (a jcstress test, a Lincheck check, or
 * both), and a jcstress subject named as a twin runs that twin: the stress gate credits a catch to
 * the twin the subject's name declares ({@link DeclaredTests}), so the name and the twin the
 * subject builds must agree.
 */
class TwinCoverageTest {

    private static final Pattern BUILDS_TWIN = Pattern.compile("Subjects\\.race\\(\"([a-z0-9-]+)\"");

    @Test
    void everyRacyTwinIsExercisedByJcstressOrLincheck() {
        Set<String> jcstress = DeclaredTests.all().stream()
                .filter(DeclaredTests.Pair::twin)
                .map(DeclaredTests.Pair::twinId)
                .collect(Collectors.toSet());
        assertThat(jcstress).as("twins the @JCStressTest classes declare").isNotEmpty();
        for (Mutant twin : Mutants.RACY_TWINS) {
            assertThat(jcstress.contains(twin.id()) || LincheckRun.twins().contains(twin.id()))
                    .as("racy twin %s is the negative control of no jcstress test and no Lincheck check", twin.id())
                    .isTrue();
        }
    }

    /** Reads each twin subject's own class body in its test's source: the one twin it builds is the one its name declares. */
    @Test
    void everyTwinSubjectBuildsTheTwinItsNameDeclares() throws IOException {
        List<DeclaredTests.Pair> twins =
                DeclaredTests.all().stream().filter(DeclaredTests.Pair::twin).toList();
        assertThat(twins).isNotEmpty();
        for (DeclaredTests.Pair p : twins) {
            String source = Files.readString(
                    Path.of("src/main/java/io/cursorcheck/stress/" + p.test() + ".java"), StandardCharsets.UTF_8);
            assertThat(twinsBuilt(source, p.subject()))
                    .as("the twins %s builds", p.shortName())
                    .containsExactly(p.twinId());
        }
    }

    /** The control: a subject whose name and body disagree is seen. */
    @Test
    void aSubjectBuildingAnotherTwinIsSeen() {
        String source = """
                @JCStressTest
                public static class PlainCountDecrementTwin extends Scene {
                    public PlainCountDecrementTwin() {
                        super(Subjects.race("split-last-read", OPTIONS));
                    }
                }
                """;
        assertThat(twinsBuilt(source, "PlainCountDecrementTwin")).containsExactly("split-last-read");
    }

    /** The twins built with {@code Subjects.race} in the body of {@code subject}: up to the next test or the end. */
    private static List<String> twinsBuilt(String source, String subject) {
        int start = source.indexOf("class " + subject + " ");
        assertThat(start).as("%s declared in the source", subject).isNotNegative();
        int next = source.indexOf("@JCStressTest", start);
        Matcher built = BUILDS_TWIN.matcher(source.substring(start, next < 0 ? source.length() : next));
        List<String> ids = new ArrayList<>();
        while (built.find()) {
            ids.add(built.group(1));
        }
        return ids;
    }
}
