package io.cursorcheck.fray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/** The set-up works: Fray runs this test's threads under its scheduler, on its instrumented JDK. */
@ExtendWith(FrayTestExtension.class)
class SetupFrayTest {

    @ConcurrencyTest(iterations = 20)
    void twoThreadsIncrementAnAtomicCounter() throws InterruptedException {
        AtomicInteger counter = new AtomicInteger();
        Thread t = new Thread(counter::incrementAndGet);
        t.start();
        counter.incrementAndGet();
        t.join();
        assertThat(counter.get()).isEqualTo(2);
        assertThat(System.getProperty("java.version")).startsWith("25");
    }
}
