package io.cursorcheck.spi;

/**
 * A read-only view of an implementation's internal bookkeeping, for white-box checks.
 *
 * <p>Through it the invariant checker verifies I6 (cache exactness), which no observation can
 * show: a minimum count that is too low only costs rescans.
 */
public interface Diagnostics {

    /** The view of an implementation that keeps no cache and does not count its scans. */
    Diagnostics NONE = new Diagnostics() {
        @Override
        public MinCache minCache() {
            return null;
        }

        @Override
        public long scans() {
            return -1;
        }
    };

    /**
     * The cached minimum and the count of consumers at it, for implementations that keep the
     * cache of spec §1 ({@code docs/spec.md}) and claim I6 for it; {@code null} for any other.
     *
     * @return the cache, or null
     */
    MinCache minCache();

    /**
     * How many full scans of the consumers ({@code scan()} in spec §2) this broadcast has
     * made so far; -1 if it does not count them.
     *
     * @return the number of scans, or -1
     */
    long scans();

    /**
     * The cached minimum cursor and how many attached consumers sit at it.
     *
     * @param cachedMin the cached minimum cursor
     * @param minCount  the number of consumers at it; 0 means "unknown, recompute before use"
     */
    record MinCache(long cachedMin, int minCount) {
        @Override
        public String toString() {
            return "(cachedMin=" + cachedMin + ", minCount=" + minCount + ")";
        }
    }
}
