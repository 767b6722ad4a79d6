package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * PublishVsRead on both thread-safe variants with memory accesses as switching points too
 * ({@link MemoryOpsLauncher}), the mode in which Fray catches end-published-before-entry: the real variants must
 * pass it as they pass the extension's mode, {@value RealVariantsFrayTest#ITERATIONS} schedules each, so that
 * the twin's catch is no false alarm of the mode. Tagged like Fray's own tests: it needs Fray's JDK.
 */
@Tag("FrayTest")
class MemoryOpsRealVariantsFrayTest {

    @BeforeAll
    static void warmUp() {
        Warmup.once(Race.PUBLISH_VS_READ, Subjects.LOCKED);
        Warmup.once(Race.PUBLISH_VS_READ, Subjects.PUBLISHED);
    }

    @Test
    void publishVsReadOnLockedWithMemoryOps() throws IOException {
        passes("publishVsReadOnLockedWithMemoryOps", Subjects.LOCKED);
    }

    @Test
    void publishVsReadOnPublishedWithMemoryOps() throws IOException {
        passes("publishVsReadOnPublishedWithMemoryOps", Subjects.PUBLISHED);
    }

    private static void passes(String method, String subject) throws IOException {
        FrayLedger.Account a = MemoryOpsFrayRun.run(
                MemoryOpsRealVariantsFrayTest.class,
                method,
                Race.PUBLISH_VS_READ,
                subject,
                RealVariantsFrayTest.ITERATIONS);
        if (a.verdict != null) {
            throw new AssertionError("PublishVsRead on " + subject + " with memory accesses as switching points: "
                    + a.verdict + " at schedule " + a.failedAt + ", " + a.reason);
        }
    }
}
