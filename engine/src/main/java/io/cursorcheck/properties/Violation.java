package io.cursorcheck.properties;

import io.cursorcheck.spi.Invariant;

/**
 * A broken invariant, with what was seen.
 *
 * @param invariant the invariant, by ID
 * @param detail    what was observed, naming consumers and positions
 */
public record Violation(Invariant invariant, String detail) {

    @Override
    public String toString() {
        return invariant.name() + " (" + invariant.title() + "): " + detail;
    }
}
