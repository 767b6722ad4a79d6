package io.cursorcheck.fray;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One Fray test method's search with memory accesses as switching points ({@link MemoryOpsLauncher}): runs a
 * race on a subject, then writes the method's account into the ledger like the extension's runs
 * ({@link FrayLedger#write}, marked {@code memoryOps=true}), Fray's recording of a failure included. Stateless.
 */
final class MemoryOpsFrayRun {

    private MemoryOpsFrayRun() {}

    /**
     * Searches up to {@code schedules} schedules of the race on the subject and records the account.
     *
     * @return the account: {@code verdict} null when every schedule passed, else CAUGHT or ERROR with the reason
     *         (ERROR also when Fray's timeout ended the search early without a failure)
     * @throws IOException if the ledger or the saved recording cannot be written
     */
    static FrayLedger.Account run(Class<?> testClass, String method, Race race, String subject, int schedules)
            throws IOException {
        // where the extension keeps a method's report (fray.organize.by.test), so FrayLedger finds the recording
        Path report = Path.of(System.getProperty("fray.workDir", "target/fray-report"), testClass.getName(), method);
        FrayLedger.Account a = new FrayLedger.Account();
        a.memoryOps = true;
        a.race = race.shortName();
        a.subject = subject;
        MemoryOpsLauncher.Result r = MemoryOpsLauncher.search(() -> SceneRun.run(race, subject), schedules, report);
        a.iterations = r.schedules();
        if (r.failure() != null) {
            a.failed(r.failure(), SceneRun.current(), r.schedules(), r.millis());
        } else if (r.schedules() < schedules) {
            // Fray's TestRunner ends a search at its timeout without a word: fewer schedules than asked is no pass
            a.failedAt = r.schedules();
            a.failedAfterMillis = r.millis();
            a.verdict = "ERROR";
            a.reason =
                    "Fray stopped after " + r.schedules() + " of " + schedules + " schedules (its timeout), no failure";
        }
        FrayLedger.write(testClass.getName(), method, a, r.millis());
        return a;
    }
}
