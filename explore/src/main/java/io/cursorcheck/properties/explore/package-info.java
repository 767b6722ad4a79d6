/**
 * Bounded exhaustive exploration: every sequence of operations up to a depth, for a small scope,
 * breadth-first, with equivalent states explored once. A failure found here is as short as any.
 */
package io.cursorcheck.properties.explore;
