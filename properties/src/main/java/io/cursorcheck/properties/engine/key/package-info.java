/**
 * Exact state keys: {@code StateKeyBuilder} encodes a state into bytes (prefix-free, with consumer
 * renaming for symmetry), {@code StateKey} holds them, {@code KeyProbe} looks one up without a copy.
 * Two states are merged only when their whole keys are equal.
 *
 * <p>A leaf: it imports only {@code spi}, never the lockstep core whose states it names, so its exactness
 * is tested on its own ({@code BinaryKeyExactnessTest}, {@code ProbingKeyTest}). Pinned by
 * {@code ArchitectureTest} (rule "engine.key imports no other package of properties").
 */
package io.cursorcheck.properties.engine.key;
