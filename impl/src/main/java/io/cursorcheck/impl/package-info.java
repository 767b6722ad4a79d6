/**
 * Broadcast implementations: {@link io.cursorcheck.impl.CachedCountBroadcast} (Node after PR
 * #63322) and {@link io.cursorcheck.impl.DirtyFlagBroadcast} (Node up to 26.1.0).
 *
 * <p>Both share {@code BroadcastCore}, the part of spec §2 ({@code docs/spec.md}) that does not depend on how the
 * minimum cursor is tracked, and differ only in the tracking hooks. A tracker written outside this package plugs
 * into the same core through {@link io.cursorcheck.impl.MinimumTracker} and
 * {@link io.cursorcheck.impl.ExternallyTrackedBroadcast} (the benchmarks' API floor does). This package depends on
 * {@code spi} only; deliberately broken variants never live here.
 */
package io.cursorcheck.impl;
