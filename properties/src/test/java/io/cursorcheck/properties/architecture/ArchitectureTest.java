package io.cursorcheck.properties.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holds the main classes of the modules engine, explore, report, mutants and properties (one package tree,
 * {@code io.cursorcheck.properties}) to the package graph of {@link PackageRules}. Its
 * negative control, {@link ArchitectureControlTest}, shows every rule failing on a wrong import.
 */
class ArchitectureTest {

    /** The module's own classes, without its tests (which may reach across layers to set things up). */
    static JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.cursorcheck.properties");
    }

    private static final JavaClasses MAIN = mainClasses();

    static Stream<ArchRule> rules() {
        return PackageRules.ALL.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void mainClassesKeepTheRule(ArchRule rule) {
        // The import must have found every module's packages: a rule over no classes passes for the wrong reason.
        for (String p : List.of(
                "engine",
                "engine.key",
                "engine.shrink",
                "io",
                "source",
                "examples",
                "race",
                "explore",
                "report",
                "run",
                "mutants",
                "campaign",
                "pages")) {
            assertThat(MAIN.containPackage("io.cursorcheck.properties." + p))
                    .as(p)
                    .isTrue();
        }
        rule.check(MAIN);
    }
}
