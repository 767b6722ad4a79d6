package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * The set-up works: Fray runs this test's threads under its scheduler, on its instrumented JDK. Its execution
 * ignores test failures (so that a real variant's failure reaches the grade and a FAILED page): the grade
 * therefore requires this test's record ({@link #RECORD}), written only when every schedule passed, so a
 * broken set-up is a problem of the grade, never hidden.
 */
@ExtendWith(FrayTestExtension.class)
class SetupFrayTest {

    /** Schedules of the set-up check. */
    static final int ITERATIONS = 20;

    /** Written when every schedule passed: the number passed; relative to the module, removed by tools/fray-run.sh. */
    static final Path RECORD = FrayLedger.RESULTS.resolve("setup").resolve("passed.txt");

    private static final AtomicInteger PASSED = new AtomicInteger();

    @ConcurrencyTest(iterations = ITERATIONS)
    void twoThreadsIncrementAnAtomicCounter() throws InterruptedException {
        AtomicInteger counter = new AtomicInteger();
        Thread t = new Thread(counter::incrementAndGet);
        t.start();
        counter.incrementAndGet();
        t.join();
        assertThat(counter.get()).isEqualTo(2);
        assertThat(System.getProperty("java.version")).startsWith("25");
        PASSED.incrementAndGet(); // reached only when both checks held in this schedule
    }

    @AfterAll
    static void record() throws IOException {
        Files.deleteIfExists(RECORD);
        if (PASSED.get() == ITERATIONS) {
            Files.createDirectories(RECORD.getParent());
            Files.writeString(RECORD, String.valueOf(PASSED.get()), StandardCharsets.UTF_8);
        }
    }
}
