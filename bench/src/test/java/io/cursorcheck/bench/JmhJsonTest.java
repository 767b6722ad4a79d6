package io.cursorcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMH's JSON comes from another process: what is not its list of results gets a clear answer. */
class JmhJsonTest {

    @Test
    void readsAResult() {
        List<JmhJson.Result> r = JmhJson.results("[{\"benchmark\": \"a.b.C.m\", \"params\": {\"n\": \"4\"},"
                + " \"primaryMetric\": {\"score\": 2.5, \"scoreError\": \"NaN\", \"scoreUnit\": \"ns/op\"}}]");
        assertThat(r).hasSize(1);
        assertThat(r.get(0).benchmark()).isEqualTo("C.m");
        assertThat(r.get(0).param("n")).isEqualTo("4");
        assertThat(r.get(0).score()).isEqualTo(2.5);
        assertThat(r.get(0).error()).isNaN();
    }

    @Test
    void keepsEachForksIterationsApart() {
        JmhJson.Result r = JmhJson.results("[{\"benchmark\": \"C.m\", \"primaryMetric\": {\"score\": 2,"
                        + " \"rawData\": [[1, 2, 3], [4, 5]]}}]")
                .get(0);
        assertThat(r.forks()).containsExactly(List.of(1.0, 2.0, 3.0), List.of(4.0, 5.0));
        assertThat(r.iterations()).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
    }

    @Test
    void namesWhatIsWrong() {
        assertThatThrownBy(() -> JmhJson.results("{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("list of results");
        assertThatThrownBy(() -> JmhJson.results("[1]")).hasMessageContaining("result 0 is not an object");
        assertThatThrownBy(() -> JmhJson.results("[{\"primaryMetric\": {}}]"))
                .hasMessageContaining("result 0 has no \"benchmark\" string");
        assertThatThrownBy(() -> JmhJson.results("[{\"benchmark\": \"x\"}]")).hasMessageContaining("Class.method");
        assertThatThrownBy(() -> JmhJson.results("[{\"benchmark\": \"C.m\"}]"))
                .hasMessageContaining("no \"primaryMetric\" object");
        assertThatThrownBy(() -> JmhJson.results("[{\"benchmark\": \"C.m\\"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 1");
    }

    @Test
    void aBadFileIsNamed(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("broken.json");
        Files.writeString(f, "[{\"benchmark\": ");
        assertThatThrownBy(() -> BenchReport.read(List.of(f)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(f.toString());
    }
}
