package io.cursorcheck.junit;

import io.cursorcheck.spi.Options;

/**
 * The user's broadcast factory could not make a broadcast: it threw, or returned null. Bad input to
 * the entry point, not a finding about the broadcast: a check that meets it ends in this exception,
 * never in a counterexample.
 */
public final class BroadcastFactoryException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    BroadcastFactoryException(String name, Options options, Throwable cause) {
        super("cursorcheck: the broadcast factory of '" + name + "' threw on " + options + ": " + cause, cause);
    }

    BroadcastFactoryException(String name, Options options) {
        super("cursorcheck: the broadcast factory of '" + name + "' returned null on " + options);
    }
}
