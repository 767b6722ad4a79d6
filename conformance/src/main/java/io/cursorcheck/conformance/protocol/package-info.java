/**
 * The cursorcheck-subject protocol (docs/protocol.md): a subject in another process, its handshake, its answers
 * checked before anything reads them, and the ways a subject can break the protocol, crash or fail to start.
 */
package io.cursorcheck.conformance.protocol;
