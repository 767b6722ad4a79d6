/**
 * The campaign: random lockstep runs of every subject, the negative controls, the kill matrix of
 * the mutants, the subjects a run can name, and the store of examples found before. It sits above
 * the lockstep core, the reports and the mutants, and is the one place that brings them together.
 */
package io.cursorcheck.properties.campaign;
