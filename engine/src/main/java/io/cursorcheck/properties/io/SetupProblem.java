package io.cursorcheck.properties.io;

/**
 * Marks an exception whose message alone tells the user what to put right in their setup: a
 * missing tool, a reports folder another run holds, a file of theirs that cannot be read. The
 * command line prints its message as one line and exits 2, with no usage hint and no trace: it is
 * neither a mistake in the command line nor a bug of cursorcheck.
 */
public interface SetupProblem {}
