package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.engine.key.StateKeyBuilder;

/**
 * How a symmetric state key labels the script's consumers ({@link LockstepPair#key(StateKeyBuilder,
 * ConsumerLabels)}): one label per script index, used for that consumer on both sides. The key is
 * sound when the labels are one-to-one and derived from the state alone: equal keys then mean one
 * state is the other with its consumers permuted.
 */
@FunctionalInterface
public interface ConsumerLabels {

    /**
     * The consumers the model has attached, in the model's (attach) order, are 0, 1, ...; those it has
     * detached follow in script order. Derived from the model only, never from the subject.
     */
    ConsumerLabels MODEL_ATTACH_ORDER = (pair, modelDetached, labels) -> {
        int made = pair.consumers();
        int attached = 0;
        for (int i = 0; i < made; i++) {
            attached += modelDetached[i] == null ? 1 : 0;
        }
        int nextAttached = 0;
        int nextDetached = attached;
        for (int i = 0; i < made; i++) {
            labels[i] = modelDetached[i] == null ? nextAttached++ : nextDetached++;
        }
    };

    /**
     * Fills {@code labels[i]} for every script index {@code i} below {@code pair.consumers()}.
     *
     * @param pair          the pair whose key is written
     * @param modelDetached per script index, the model's {@link io.cursorcheck.properties.Session#detachedKey}
     *                      (null while attached)
     * @param labels        where to write, at least {@code pair.consumers()} long
     */
    void label(LockstepPair pair, String[] modelDetached, int[] labels);
}
