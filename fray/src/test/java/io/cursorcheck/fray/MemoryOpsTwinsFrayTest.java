package io.cursorcheck.fray;

import io.cursorcheck.properties.campaign.Subjects;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The racy twin that only memory accesses as switching points let Fray see: end-published-before-entry
 * publishes the ring's new end (a release store, no switching point for Fray) before its plain array store of
 * the entry; in the extension's mode no schedule can put the reader between the two. Expected to FAIL with a
 * forbidden outcome, like {@link RacyTwinsFrayTest} (same execution, graded by FrayVerdictTest).
 */
@Tag("FrayTest")
class MemoryOpsTwinsFrayTest {

    @BeforeAll
    static void warmUp() {
        Subjects.racyTwin("end-published-before-entry");
        Warmup.once(Race.PUBLISH_VS_READ, "end-published-before-entry");
    }

    @Test
    void publishVsReadOnEndPublishedBeforeEntryWithMemoryOps() throws IOException {
        FrayLedger.Account a = MemoryOpsFrayRun.run(
                MemoryOpsTwinsFrayTest.class,
                "publishVsReadOnEndPublishedBeforeEntryWithMemoryOps",
                Race.PUBLISH_VS_READ,
                "end-published-before-entry",
                RacyTwinsFrayTest.ITERATIONS);
        if (a.verdict != null) {
            throw new AssertionError("Fray " + a.verdict + " at schedule " + a.failedAt + ": " + a.reason);
        }
    }
}
