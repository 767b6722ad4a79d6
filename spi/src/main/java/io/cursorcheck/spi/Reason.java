package io.cursorcheck.spi;

import java.util.Objects;

/**
 * A failure reason that is present, wrapping a value that may itself be {@code null}.
 *
 * <p>Snapshots use {@code Reason} where "no error" and "an error whose value is null" must be
 * told apart: {@code cancel(null)} gives a consumer the error {@code Reason.of(null)}, while
 * {@code cancel()} gives it none ({@code null}).
 *
 * @param value the reason's value, any object or {@code null}
 */
public record Reason(Object value) {

    /**
     * Wraps a reason value.
     *
     * @param value the value, may be null
     * @return the present reason
     */
    public static Reason of(Object value) {
        return new Reason(value);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Reason r && Objects.equals(value, r.value);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(value);
    }

    @Override
    public String toString() {
        return Outcome.describeReason(value);
    }
}
