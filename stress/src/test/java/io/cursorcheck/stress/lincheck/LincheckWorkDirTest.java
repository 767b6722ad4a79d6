package io.cursorcheck.stress.lincheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs of the Lincheck checks in one checkout never share a work directory: a check's result
 * and log files have fixed names in it, deleted before the check and read after it, so a shared
 * folder would let one run delete or read the other's result.
 */
class LincheckWorkDirTest {

    @TempDir
    Path root;

    @Test
    void everyRunGetsAFreshFolderOfItsOwnUnderTargetLincheck() throws IOException {
        Path first = LincheckRun.newWorkDir(root);
        Path second = LincheckRun.newWorkDir(root);
        assertThat(first).isNotEqualTo(second);
        for (Path work : new Path[] {first, second}) {
            assertThat(work.getParent()).isEqualTo(root.resolve("target/lincheck"));
            assertThat(work).isEmptyDirectory();
            assertThat(work.getFileName().toString())
                    .matches("\\d{8}-\\d{6}-" + ProcessHandle.current().pid() + "-.+");
        }
    }
}
