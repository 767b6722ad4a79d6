/**
 * The summary pages of whole runs: the campaign index, the mutants page and the exploration page.
 * They read the results of the campaign and the explorer, so they sit above both; nothing below
 * imports them.
 */
package io.cursorcheck.properties.pages;
