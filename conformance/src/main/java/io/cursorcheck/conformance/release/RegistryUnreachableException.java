package io.cursorcheck.conformance.release;

import io.cursorcheck.properties.io.SetupProblem;
import java.io.IOException;

/**
 * The npm registry did not answer (no network, a proxy, a registry that refuses): a setup error,
 * not a failure of any release. Its message names the command that failed and what npm said.
 */
public final class RegistryUnreachableException extends IOException implements SetupProblem {

    private static final long serialVersionUID = 1L;

    /**
     * An unreachable registry.
     *
     * @param message the command, what it printed, and what the user can do instead
     */
    public RegistryUnreachableException(String message) {
        super(message);
    }
}
