/**
 * The releases of a JavaScript runtime the suite checks: which exist (the npm registry), how one is installed,
 * and a {@code broadcast.js} loaded into a release in place of its own.
 */
package io.cursorcheck.conformance.release;
