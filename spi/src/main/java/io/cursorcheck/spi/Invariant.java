package io.cursorcheck.spi;

/**
 * The invariants of spec §3 ({@code docs/spec.md}), by ID. They hold between public operations;
 * the IDs recur in check names, stress outcomes and reports, so a failure points at the sentence
 * it breaks, and {@link #anchor()} at its place in the spec.
 */
public enum Invariant {
    /** Trimming safety. */
    I1(
            "trimming safety",
            "every attached consumer has bufferStart <= cursor <= end; no entry a consumer has not read is"
                    + " dropped, except by DROP_OLDEST eviction"),
    /** Byte accounting. */
    I2("byte accounting", "bufferedBytes == sum(size of retained entries)"),
    /** Monotonicity. */
    I3("monotonicity", "bufferStart, every cursor, and every entry's position never decrease"),
    /** Delivery order. */
    I4(
            "delivery order",
            "each consumer receives consecutive positions from its attach position on, the only gaps being"
                    + " DROP_OLDEST evictions; a cursor moves only when the entry it passes is delivered to that"
                    + " consumer, or by DROP_OLDEST; overlapping reads of one consumer settle in the order they"
                    + " were made, each exactly once, with at most one entry"),
    /** Eager trim. */
    I5("eager trim", "with at least one consumer attached, bufferStart == min(cursor)"),
    /** Cache exactness. */
    I6("cache exactness", "with at least one consumer attached, minCount >= 1 and (cachedMin, minCount) == scan()"),
    /** Retention. */
    I7("retention", "with no consumer attached nothing is trimmed; a later consumer reads everything still retained"),
    /** Zero-size writes. */
    I8("zero-size writes", "zero-size writes never create entries"),
    /** Budget. */
    I9(
            "budget",
            "STRICT/UNBOUNDED/DROP_NEWEST accept only while bufferedBytes < budget; after DROP_OLDEST eviction"
                    + " bufferedBytes < budget or the buffer is empty"),
    /** Lifecycle. */
    I10(
            "lifecycle",
            "immediately after a fail or cancel that takes effect, no consumer is attached; after the broadcast"
                    + " ends, every consumer that was waiting is gone; once ended, nothing is appended"),
    /** No stranded read. */
    I11(
            "no stranded read",
            "between operations, no consumer has an outstanding read while an entry exists at its cursor"),
    /** Writer progress. */
    I12(
            "writer progress",
            "between operations, a queued write exists only while bufferedBytes >= budget; a CLOSING writer with"
                    + " no queued write has ended the broadcast"),
    /** Drain. */
    I13(
            "drain",
            "between operations, a drain is pending only while the writer is OPEN, the broadcast has not ended"
                    + " and bufferedBytes >= budget; a drain answers or settles DRAINED(true) only when room"
                    + " existed"),
    /** Spoiled entries. */
    I14(
            "spoiled entries",
            "a spoiled entry is never delivered and a spoiled queued write never stored; a read that finds one"
                    + " fails, and leaves the writer not OPEN, the broadcast errored and the buffer empty");

    private final String title;
    private final String sentence;

    Invariant(String title, String sentence) {
        this.title = title;
        this.sentence = sentence;
    }

    /**
     * The invariant's short name, e.g. "trimming safety".
     *
     * @return the title
     */
    public String title() {
        return title;
    }

    /**
     * The invariant as spec §3 states it.
     *
     * @return the sentence
     */
    public String sentence() {
        return sentence;
    }

    /**
     * The invariant's anchor in {@code docs/spec.md}: its ID and title in lower case, joined by
     * hyphens, e.g. {@code i6-cache-exactness} (the heading "I6 cache exactness" there).
     *
     * @return the anchor, without {@code #}
     */
    public String anchor() {
        return (name() + " " + title).toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
    }

    @Override
    public String toString() {
        return name() + " " + title;
    }
}
