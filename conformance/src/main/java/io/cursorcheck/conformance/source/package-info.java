/**
 * Where a release's {@code broadcast.js} changed: its embedded source split into named functions, two releases'
 * functions compared, and the changes between adjacent Node releases set beside the kinds of difference that
 * appeared or disappeared there. Node's code is read at run time and cached under {@code target/}; pages name
 * functions and count lines, and never quote it.
 */
package io.cursorcheck.conformance.source;
