package io.cursorcheck.stress.lincheck;

import io.cursorcheck.impl.PublishedCursorBroadcast;

/**
 * Broken scenes, the negative controls of the Lincheck gate itself: run with a racy twin's shadow
 * jar, each must end in an {@link CheckOutcome.Status#ERROR}, never a catch. A scene that throws
 * makes results the model never gives, which Lincheck reports as invalid results or as an exception
 * of its own: a gate that took any failure for a catch would pass a twin it never tested.
 */
final class ThrowingScenes {

    private ThrowingScenes() {}

    /**
     * Setup throws in the first operation, where every scene builds its broadcast: Lincheck reports
     * {@code IncorrectResultsFailure} with the exception among the results.
     */
    public static final class FirstOperationThrows extends BroadcastScene {
        /** A scene whose broadcast can never be made. */
        public FirstOperationThrows() {
            super(() -> {
                throw new IllegalStateException("control: the scene's setup throws before the twin is built");
            });
        }
    }

    /** Setup throws in the constructor: Lincheck cannot make the test instance and throws out of {@code check}. */
    public static final class ConstructorThrows extends BroadcastScene {
        /** Never made: its constructor throws once the broadcast is chosen. */
        public ConstructorThrows() {
            super(() -> new PublishedCursorBroadcast(OPTIONS));
            throw new IllegalStateException("control: the scene's constructor throws");
        }
    }
}
