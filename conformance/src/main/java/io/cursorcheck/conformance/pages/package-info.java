/**
 * What a conformance run writes for people: a release's page, the index over releases, the history page and a
 * counterexample as a standalone JavaScript program.
 */
package io.cursorcheck.conformance.pages;
