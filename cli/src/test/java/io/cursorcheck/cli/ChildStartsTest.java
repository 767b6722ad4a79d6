package io.cursorcheck.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.cursorcheck.properties.io.ChildProcesses;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every child process of a run is started through {@link ChildProcesses}, so that a stopped run ends it
 * with its whole tree: no main class of any module but ChildProcesses calls {@link ProcessBuilder#start()}
 * or {@link Runtime#exec}. Checked on the bytecode of every module's main classes (cli's test classpath
 * holds them all); the control is {@link DirectStart}, a class that starts a process itself, which the
 * same rule must catch.
 */
class ChildStartsTest {

    static {
        // the calls are read from the project's bytecode alone: the JDK's and libraries' classes need not be read
        ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    }

    private static final ArchRule STARTS_GO_THROUGH_CHILD_PROCESSES = noClasses()
            .that()
            .doNotHaveFullyQualifiedName(ChildProcesses.class.getName())
            .should()
            .callMethod(ProcessBuilder.class, "start")
            .orShould()
            .callMethodWhere(DescribedPredicate.describe(
                    "Runtime.exec",
                    (JavaMethodCall call) -> call.getTargetOwner().isEquivalentTo(Runtime.class)
                            && call.getName().equals("exec")))
            .because("a child started elsewhere would outlive a stopped run");

    @Test
    void everyMainClassStartsItsChildrenThroughChildProcesses() {
        // the project's own classpath entries only (its modules' classes folders, or their jars once packaged);
        // a jar is imported as a jar (its entries), a folder as a folder
        List<Location> project = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.endsWith("/target/classes")
                        || Path.of(e).getFileName().toString().startsWith("cursorcheck-"))
                .map(e -> e.endsWith(".jar")
                        ? Location.of(URI.create("jar:" + Path.of(e).toUri() + "!/"))
                        : Location.of(Path.of(e)))
                .toList();
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importLocations(project);
        assertThat(List.of(
                        ChildProcesses.class.getName(),
                        "io.cursorcheck.conformance.protocol.AdapterProcess",
                        "io.cursorcheck.stress.StressRun",
                        "io.cursorcheck.bench.BenchRun",
                        "io.cursorcheck.campaign.FrayPart",
                        "io.cursorcheck.cli.FrayCli"))
                .as("the import holds every module's starters")
                .allMatch(main::contain);
        STARTS_GO_THROUGH_CHILD_PROCESSES.check(main);
    }

    @Test
    void theRuleCatchesAClassThatStartsAProcessItself() {
        EvaluationResult result =
                STARTS_GO_THROUGH_CHILD_PROCESSES.evaluate(new ClassFileImporter().importClasses(DirectStart.class));
        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails()).anyMatch(d -> d.contains("ProcessBuilder.start()"));
    }

    /** The control: starts a process without ChildProcesses. */
    static final class DirectStart {
        static Process start() throws IOException {
            return new ProcessBuilder("true").start();
        }
    }
}
