/**
 * The reference model: {@link io.cursorcheck.model.ScanningModel}, spec §2 ({@code docs/spec.md}) with no cache.
 * Its state follows spec §1 ({@code Entry}, {@code Consumer}, {@code Writer}), its procedures are named after
 * the spec's §2 headings. Its tools, not semantics, sit beside it: forking and the state key in {@code ModelFork},
 * snapshots, diagnostics and the operations an abort or a spoil can reach in {@code ModelViews}. It depends on
 * {@code spi} only and shares no code with {@code impl}, and no name beyond the spec's words and the public API
 * ({@code properties/.../architecture/ModelIndependenceTest.java}).
 */
package io.cursorcheck.model;
