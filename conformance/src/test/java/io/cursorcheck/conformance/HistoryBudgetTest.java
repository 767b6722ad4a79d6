package io.cursorcheck.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The history keeps to its budget: a release whose turn comes after the budget ran out is listed as not
 * checked (a problem), and is neither installed nor run.
 */
class HistoryBudgetTest {

    /** A budget that has run out from the start, and records every slot it was asked for. */
    private static final class RunOut implements ConformanceCampaign.Budget {
        final List<String> asked = new ArrayList<>();

        @Override
        public ConformanceCampaign.Slot next(Release release, int left) {
            asked.add(release.id());
            return new ConformanceCampaign.Slot(History.MIN_SEQUENCES_MILLIS, History.MIN_SHRINKING_MILLIS);
        }

        @Override
        public boolean ranOut(int left) {
            return true;
        }
    }

    @Test
    void releasesAfterTheBudgetRanOutAreListedNotCheckedAndNeitherInstalledNorRun() throws Exception {
        // Releases never installed here: were they installed, npm would run (or fail for want of the version).
        List<Release> late = List.of(Release.parse("node-26.99.0"), Release.parse("bun-9.9.9"));
        late.forEach(r -> assertThat(r.directory()).as("a release this test assumes is not installed").doesNotExist());
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        RunOut budget = new RunOut();
        ConformanceCampaign.Outcome o = ConformanceCampaign.run(late, 1, budget, 50, null,
                new PrintStream(said, true, StandardCharsets.UTF_8), "test", true);
        assertThat(o.results()).isEmpty();
        assertThat(o.unchecked()).extracting(ConformanceCampaign.Unchecked::reason)
                .containsExactly(ConformanceCampaign.RAN_OUT, ConformanceCampaign.RAN_OUT);
        assertThat(o.problems()).containsExactly("node-26.99.0: not checked: " + ConformanceCampaign.RAN_OUT,
                "bun-9.9.9: not checked: " + ConformanceCampaign.RAN_OUT);
        assertThat(o.passed()).isFalse();
        assertThat(budget.asked).as("no slot given").isEmpty();
        late.forEach(r -> assertThat(r.directory()).as("nothing installed").doesNotExist());
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("node-26.99.0: NOT CHECKED: " + ConformanceCampaign.RAN_OUT);
    }

    @Test
    void outsideTheHistoryABudgetNeverRunsOut() {
        assertThat(new ConformanceCampaign.Budget() {
            @Override
            public ConformanceCampaign.Slot next(Release release, int left) {
                return new ConformanceCampaign.Slot(1, 1);
            }
        }.ranOut(1)).isFalse();
    }
}
