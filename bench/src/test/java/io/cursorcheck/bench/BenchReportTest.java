package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report writer on a small JMH JSON fixture (made-up numbers, in JMH 1.37's format). */
class BenchReportTest {

    @Test
    void writesThePageTheChartsAndTheTargetsFromJmhJson(@TempDir Path dir) throws Exception {
        Path fixture =
                Path.of(BenchReportTest.class.getResource("/jmh-fixture.json").toURI());
        BenchReport report = BenchReport.read(List.of(fixture));
        assertThat(report.size()).isEqualTo(22);

        Path page = report.write(
                dir,
                new BenchReport.Context(
                        "quick",
                        "bin/cursorcheck bench --quick",
                        "2 cores",
                        "2026-01-01T00:00:00Z",
                        1.5,
                        "java -cp <classpath> org.openjdk.jmh.Main ...",
                        "a test"));
        String md = Files.readString(page);
        assertThat(md)
                .contains(
                        "## Targets",
                        "### LOCKSTEP",
                        "![LOCKSTEP](lockstep.svg)",
                        "### CATCHUP",
                        "## The PR's workload, done right",
                        "OpenJDK 64-Bit Server VM",
                        "1.37",
                        "a test",
                        "Every one of the 22 results is steady.");
        assertThat(md).doesNotContain(" NOT STEADY |", "are NOT STEADY");
        // columns: the floors, then the registry's order (model, cached-count, locked-count, published-cursor,
        // wheel, dirty-flag)
        assertThat(md)
                .contains("| 4096 | 1.5 (0 B) | 12.0 (48 B) | 9,000 (48 B) | 14.0 (48 B) | - | - | 15.0 (48 B) |"
                        + " 8,000 (48 B) |");
        assertThat(md).contains("| 2 | 1 MiB | 500,000 |"); // 1 MiB per 2 us
        for (Pattern p : Pattern.values()) {
            assertThat(Files.readString(dir.resolve(p.name().toLowerCase().replace('_', '-') + ".svg")))
                    .startsWith("<svg")
                    .endsWith("</svg>\n");
        }
        assertThat(Files.readString(dir.resolve("lockstep.svg"))).contains("<polyline", "cached-count", "floor-api");

        List<BenchVerdict> v = report.verdicts();
        // every fixture result has six equal iterations: each interval is a point, every result is steady
        assertThat(v)
                .extracting(BenchVerdict::outcome)
                .containsExactly(
                        BenchVerdict.Outcome.MET, // model / cached-count = 643x
                        BenchVerdict.Outcome.MET, // dirty-flag / cached-count = 571x
                        BenchVerdict.Outcome.MET, // cached-count / API = 1.17x
                        BenchVerdict.Outcome.MET, // wheel within 2x everywhere measured
                        BenchVerdict.Outcome.MET, // CATCHUP: cached-count / wheel = 156x
                        BenchVerdict.Outcome.NOT_MET, // JUMP, the old definition kept for the record: 1.07x
                        BenchVerdict.Outcome.NOT_MET, // locked-count at n=1: 25 / 11 = 2.3x; model 2.7x
                        BenchVerdict.Outcome.MET); // API / physical <= 10x
        assertThat(v.get(5).target()).startsWith("for the record, the old definition");
        assertThat(v.get(5).why()).contains("O(1) amortised");
        assertThat(v.get(6).why()).contains("locked-count LOCKSTEP n=1 2.3x", "model LOCKSTEP n=1 2.7x");
    }
}
