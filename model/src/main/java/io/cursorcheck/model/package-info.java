/**
 * The reference model: {@link io.cursorcheck.model.ScanningModel}, spec §2 ({@code docs/spec.md}) with no cache.
 * It depends on {@code spi} only and shares no code with {@code impl}.
 */
package io.cursorcheck.model;
