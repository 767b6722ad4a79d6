/**
 * Exact state keys: {@code StateKeyBuilder} encodes a state into bytes (prefix-free, with consumer
 * renaming for symmetry), {@code StateKey} holds them and decodes them (the items back, and their text
 * form), {@code KeyProbe} looks one up without a copy, {@code StateSet} holds the keys of every state reached
 * without an object per key. Two states are merged only when their whole keys are equal.
 *
 * <p>A leaf: it imports only {@code spi}, never the lockstep core whose states it names, so its exactness
 * is tested on its own ({@code ProbingKeyTest}); what a pair's key holds is tested by decoding it
 * ({@code KeyCompletenessTest}). Pinned by {@code ArchitectureTest} (rule "engine.key imports no other
 * package of properties").
 */
package io.cursorcheck.properties.engine.key;
