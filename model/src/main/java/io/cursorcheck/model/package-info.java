/**
 * The reference model: {@link io.cursorcheck.model.ScanningModel}, SPEC section 2 with no cache.
 * It depends on {@code spi} only and shares no code with {@code impl}.
 */
package io.cursorcheck.model;
