package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The campaign's page: its verdict, how it ran, a row per part in the order they ran, then each part's section. */
class CampaignPageTest {

    private static Part.Verdict verdict(boolean passed, String summary, String section, long millis) {
        return new Part.Verdict(passed, summary, section, Map.of(), List.of(), millis);
    }

    @Test
    void aRowPerPartThenEachSectionInOrder() {
        String md = CampaignPage.markdown(
                Instant.parse("2030-01-02T03:04:05.678Z"),
                "bin/cursorcheck campaign --seconds 10 --seed 7",
                7,
                "2 cores",
                Profile.DEFAULT,
                List.of("lockstep", "bench"),
                List.of("10 s of random runs", "the quick profile"),
                List.of(
                        verdict(true, "all conform", "## Lockstep\n", 12_400),
                        verdict(false, "1 | not met", "## Benchmarks\n", 600)),
                false);
        assertThat(md)
                .startsWith("# Verification campaign\n\n**FAILED**: see the parts marked below.\n\n")
                .contains("| Started | 2030-01-02T03:04:05Z |")
                .contains("| Command | `bin/cursorcheck campaign --seconds 10 --seed 7` |")
                .contains("| Seed | `7` |")
                .contains("| Machine | 2 cores |")
                .contains("| Profile | `default` (every kind of check; `--full` for everything) |")
                .contains("| Log | [campaign.log](campaign.log): everything every part printed |")
                .contains("| lockstep | 10 s of random runs | passed | 12 s | all conform |")
                .contains("| bench | the quick profile | **FAILED** | 1 s | 1 \\| not met |")
                .endsWith("## Lockstep\n\n## Benchmarks\n\n");
        assertThat(md.indexOf("| lockstep |")).isLessThan(md.indexOf("| bench |"));
        String passed = CampaignPage.markdown(
                Instant.EPOCH,
                "c",
                1,
                "m",
                Profile.FULL,
                List.of("lockstep"),
                List.of("3 min of random runs"),
                List.of(verdict(true, "s", "## L\n", 0)),
                true);
        assertThat(passed)
                .startsWith("# Verification campaign\n\n**Passed**: every part met every expectation.\n\n")
                .contains("| Profile | `full` (everything) |");
    }

    @Test
    void aPartsLineLinksTheAnchorOfItsSection() {
        assertThat(CampaignPage.anchor("## Exhaustive exploration (the deep bound)\n\ntext\n## Other\n"))
                .isEqualTo("exhaustive-exploration-the-deep-bound");
        assertThat(CampaignPage.anchor("no heading\n")).isEmpty();
    }
}
