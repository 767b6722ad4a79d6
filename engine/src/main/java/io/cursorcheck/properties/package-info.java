/**
 * Where implementations and the model meet: the {@link io.cursorcheck.properties.Variant}
 * registry, the operation language {@link io.cursorcheck.properties.Op}, a
 * {@link io.cursorcheck.properties.Session} that applies operations to one broadcast and checks
 * every invariant after every step with the {@link io.cursorcheck.properties.InvariantChecker}.
 */
package io.cursorcheck.properties;
