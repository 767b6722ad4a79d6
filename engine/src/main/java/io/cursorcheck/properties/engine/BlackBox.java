package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.Diagnostics;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Snapshot;

/**
 * A subject seen from outside only: its broadcasts answer and report their state as usual, but
 * hide their diagnostics ({@link Diagnostics#NONE}), so a lockstep run checks answers, states and
 * I1 to I14 except I6. What such a run catches, a user of the broadcast could see; the kill matrix
 * uses it to tell real bugs from equivalent mutants.
 *
 * <p>Its id is the subject's with {@link #SUFFIX}, which the campaign's subject resolver ({@code campaign.Subjects.named}) understands, so its
 * counterexamples replay as they were found.
 *
 * @param subject the subject
 */
public record BlackBox(BroadcastFactory subject) implements BroadcastFactory {

    /** What a black-box subject's id adds to its subject's. */
    public static final String SUFFIX = "+black-box";

    @Override
    public String id() {
        return subject.id() + SUFFIX;
    }

    @Override
    public String description() {
        return subject.description() + " (seen black-box: no I6, no scan count)";
    }

    /** The subject's algorithm: a wrapper changes what is checked, never which model it is checked against. */
    @Override
    public Algorithm algorithm() {
        return subject.algorithm();
    }

    /**
     * The subject's broadcast with its diagnostics hidden; forkable when the subject's is, so the shortest
     * search ({@link io.cursorcheck.properties.engine.shrink.ShortestSearch}) and the explorer can fork a black-box subject as they fork its subject.
     */
    @Override
    public Broadcast create(Options options) {
        Broadcast b = subject.create(options);
        return b instanceof Forkable f ? new ForkableHidden(f) : new Hidden(b);
    }

    @Override
    public String toString() {
        return id();
    }

    /** Every call goes to the broadcast, except {@link #diagnostics()}. Handles pass through untouched. */
    private static class Hidden implements Broadcast {
        final Broadcast broadcast;

        Hidden(Broadcast broadcast) {
            this.broadcast = broadcast;
        }

        @Override
        public Options options() {
            return broadcast.options();
        }

        @Override
        public ConsumerHandle attach() {
            return broadcast.attach();
        }

        @Override
        public Reply next(ConsumerHandle consumer) {
            return broadcast.next(consumer);
        }

        @Override
        public Reply detach(ConsumerHandle consumer) {
            return broadcast.detach(consumer);
        }

        @Override
        public Reply writeSync(int size) {
            return broadcast.writeSync(size);
        }

        @Override
        public Reply write(int size) {
            return broadcast.write(size);
        }

        @Override
        public Reply writevSync(int... sizes) {
            return broadcast.writevSync(sizes);
        }

        @Override
        public Reply writev(int... sizes) {
            return broadcast.writev(sizes);
        }

        @Override
        public Reply end() {
            return broadcast.end();
        }

        @Override
        public Reply endSync() {
            return broadcast.endSync();
        }

        @Override
        public Reply abort(long operation) {
            return broadcast.abort(operation);
        }

        @Override
        public Reply drain() {
            return broadcast.drain();
        }

        @Override
        public Reply spoil(long operation) {
            return broadcast.spoil(operation);
        }

        @Override
        public Reply fail(Object reason) {
            return broadcast.fail(reason);
        }

        @Override
        public Reply cancel() {
            return broadcast.cancel();
        }

        @Override
        public Reply cancel(Object reason) {
            return broadcast.cancel(reason);
        }

        @Override
        public Snapshot snapshot() {
            return broadcast.snapshot();
        }

        @Override
        public Diagnostics diagnostics() {
            return Diagnostics.NONE;
        }
    }

    /**
     * A hidden forkable broadcast: forks and names its state as the broadcast does (the diagnostics it hides
     * are not part of what a black-box run checks, and a key finer than needed only keeps more states apart).
     * Handles pass through untouched, so the fork's handle map is the broadcast's.
     */
    private static final class ForkableHidden extends Hidden implements Forkable {
        private final Forkable forkable;

        ForkableHidden(Forkable broadcast) {
            super(broadcast);
            this.forkable = broadcast;
        }

        @Override
        public Fork fork() {
            Fork f = forkable.fork();
            return new Fork(new ForkableHidden(f.broadcast()), f.handles());
        }

        @Override
        public String consumerKey(ConsumerHandle consumer) {
            return forkable.consumerKey(consumer);
        }

        @Override
        public void writeKey(io.cursorcheck.spi.KeyWriter key) {
            forkable.writeKey(key); // the broadcast's own binary key, consumers named through the writer if it does
        }

        @Override
        public boolean namesConsumersThroughWriter() {
            return forkable.namesConsumersThroughWriter();
        }
    }
}
