/**
 * The contract every broadcast of this suite fulfils: the operations of spec §2 ({@code docs/spec.md}),
 * their {@link io.cursorcheck.spi.Outcome outcomes}, the {@link io.cursorcheck.spi.Settlement
 * settlements} an operation causes, a comparable {@link io.cursorcheck.spi.Snapshot}, and the
 * numbered {@link io.cursorcheck.spi.Invariant invariants} I1 to I12.
 *
 * <p>This package has no dependencies. Implementations ({@code impl}) and the reference model
 * ({@code model}) depend on it and on nothing else; they meet only in {@code properties}.
 */
package io.cursorcheck.spi;
