package io.cursorcheck.properties;

import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;

/** Something the suite can check: a name and a way to make a fresh broadcast. */
public interface BroadcastFactory {

    /** The short stable name used on the command line and in reports, e.g. {@code cached-count}. */
    String id();

    /** One sentence saying what this is (for a mutant: what is wrong with it). */
    String description();

    /** A fresh, empty broadcast with an open writer. */
    Broadcast create(Options options);
}
