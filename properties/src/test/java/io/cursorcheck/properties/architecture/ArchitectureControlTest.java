package io.cursorcheck.properties.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The negative control of {@link ArchitectureTest}: the main classes plus the test-only classes that
 * make the wrong imports ({@code WrongImportsFixture} in engine, engine.key, engine.search, explore, report, source,
 * examples and race). Every rule must fail, and fail on the fixture's edge, never on a main class (that would be the
 * rule failing for the wrong reason, or main being broken).
 */
class ArchitectureControlTest {

    private static final String FIXTURE = "WrongImportsFixture";

    /** The main classes and the fixtures, without the rest of the tests. */
    private static final JavaClasses MAIN_AND_FIXTURES = new ClassFileImporter()
            .withImportOption(location -> !location.contains("/test-classes/") || location.contains(FIXTURE))
            .importPackages("io.cursorcheck.properties");

    /** Each rule and the fixture edge it must report, as ArchUnit names the classes in its message. */
    static Stream<Arguments> rulesAndTheirWrongImport() {
        return Stream.of(
                Arguments.of(PackageRules.NO_PACKAGE_CYCLES, List.of("engine." + FIXTURE, "report.Reports")),
                Arguments.of(PackageRules.ENGINE_IS_THE_CORE, List.of("engine." + FIXTURE, "report.Reports")),
                Arguments.of(PackageRules.CORE_NEVER_IMPORTS_MUTANTS, List.of("engine." + FIXTURE, "mutants.Mutants")),
                Arguments.of(PackageRules.EXPLORE_USES_ONLY_THE_CORE, List.of("explore." + FIXTURE, "run.RandomRun")),
                Arguments.of(PackageRules.REPORT_BELOW_THE_CAMPAIGN, List.of("report." + FIXTURE, "campaign.Campaign")),
                Arguments.of(PackageRules.RUN_BELOW_THE_CAMPAIGN, List.of("run." + FIXTURE, "campaign.Campaign")),
                Arguments.of(PackageRules.LEAVES_IMPORT_NOTHING, List.of("source." + FIXTURE, "engine.Script")),
                Arguments.of(PackageRules.KEYS_IMPORT_NOTHING, List.of("engine.key." + FIXTURE, "engine.Script")),
                Arguments.of(
                        PackageRules.THE_CORE_NEVER_IMPORTS_ITS_SHRINKER,
                        List.of("engine." + FIXTURE, "engine.shrink.Shrinker")),
                Arguments.of(
                        PackageRules.THE_SEARCH_KNOWS_NEITHER_USER,
                        List.of("engine.search." + FIXTURE, "engine.shrink.Shrinker")),
                Arguments.of(
                        PackageRules.EXAMPLES_STAND_ON_THE_REGISTRY, List.of("examples." + FIXTURE, "engine.Script")),
                Arguments.of(PackageRules.RACE_IS_DATA, List.of("race." + FIXTURE, "campaign.Subjects")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rulesAndTheirWrongImport")
    void ruleCatchesTheWrongImport(ArchRule rule, List<String> edge) {
        assertThat(MAIN_AND_FIXTURES.contain("io.cursorcheck.properties.engine." + FIXTURE))
                .as("the fixtures were imported")
                .isTrue();
        EvaluationResult result = rule.evaluate(MAIN_AND_FIXTURES);
        assertThat(result.hasViolation())
                .as("%s fails on the wrong imports", rule.getDescription())
                .isTrue();
        List<String> violations = result.getFailureReport().getDetails();
        // The right reason: the fixture's own edge is reported ...
        assertThat(violations).anySatisfy(v -> assertThat(v).contains(edge));
        // ... and nothing else: every violation passes through a fixture, so main alone keeps the rule.
        assertThat(violations).allSatisfy(v -> assertThat(v).contains(FIXTURE));
    }
}
