package io.cursorcheck.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The subjects' section of the index: a row per example, its link, what it must do, and UNMET where it did not. */
class SubjectsSectionTest {

    private static final SubjectsSection.Row CORRECT = new SubjectsSection.Row(
            "correct", true, 12_345, 0, true, "conforms", "bin/cursorcheck subject --name correct");

    private static final SubjectsSection.Row BUGGY_MISSED = new SubjectsSection.Row(
            "buggy", false, 7, 0, false, "conforms | no difference", "bin/cursorcheck subject --name buggy");

    @Test
    void aRowPerSubjectUnderTheHeading() {
        String md = SubjectsSection.markdown(List.of(CORRECT, BUGGY_MISSED));
        assertThat(md).startsWith("## Subjects (any program that speaks the protocol)\n\n| subject | must |");
        List<String> rows = md.lines().filter(l -> l.startsWith("| [")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0))
                .contains("[correct](subjects/correct/index.md)", "| conform |", "12,345", "| conforms |")
                .contains("`bin/cursorcheck subject --name correct`")
                .doesNotContain("UNMET");
        // the negative control not caught: UNMET, and its verdict's pipe escaped so the table keeps its columns
        assertThat(rows.get(1))
                .contains("[buggy](subjects/buggy/index.md)", "be caught (negative control)", "**UNMET** ")
                .contains("conforms \\| no difference");
        assertThat(md).endsWith("and no protocol error.\n");
    }
}
