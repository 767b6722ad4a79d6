package io.cursorcheck.properties.campaign;

import io.cursorcheck.impl.CachedCountBroadcast;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;

/**
 * Spec §2's cached-count port, claiming to follow §8: the negative control of the checks that no known
 * finding appears under the corrected algorithm (a random run, the findings' scripts, an explored bound).
 */
public record AsReleasedClaimingCorrected() implements BroadcastFactory {
    @Override
    public String id() {
        return "as-released-claiming-corrected";
    }

    @Override
    public String description() {
        return "CachedCountBroadcast as released, claiming the corrected algorithm (a negative control)";
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.CORRECTED;
    }

    @Override
    public Broadcast create(Options options) {
        return new CachedCountBroadcast(options);
    }
}
