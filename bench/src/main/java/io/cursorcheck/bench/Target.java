package io.cursorcheck.bench;

import io.cursorcheck.impl.ExternallyTrackedBroadcast;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.ConsumerHandle;
import io.cursorcheck.spi.ImpossibleStateException;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a workload drives: a broadcast of the {@link Variant} registry, the API floor (the same
 * calls on the {@link ApiFloor}, which tracks nothing) or the physical floor (a cursor
 * increment and a slot read on bare arrays). Consumers are numbered by the workload's slots
 * {@code 0..n-1}. Each fork of a benchmark uses one kind only, so every call here stays
 * monomorphic.
 */
abstract class Target {

    /** The physical floor's name in benchmark parameters and reports. */
    static final String PHYSICAL = "floor-physical";
    /** The API floor's name in benchmark parameters and reports. */
    static final String API = "floor-api";
    /**
     * The benchmarks' {@code @Param} for {@code target}: no hand-kept list of ids, which would fall out of step with
     * the registry. JMH 1.37 refuses a String parameter with no value at all, so this placeholder stands in;
     * {@link BenchRun} always passes the targets ({@code -p target=...}, from {@link BenchRun#TARGETS}), and a run
     * that leaves it unset is refused by {@link #create} with the ids it could have named.
     */
    static final String UNSET = "unset"; // a plain token: JMH writes it into its benchmark list

    /** Attaches a new consumer in slot {@code i}, at the buffer's start. */
    abstract void attach(int i);

    /** Detaches the consumer in slot {@code i}. */
    abstract void detach(int i);

    /** Reads the next entry of slot {@code i}'s consumer, which must exist; returns its position. */
    abstract long next(int i, Blackhole bh);

    /** A synchronous write; whether it was accepted (stored or discarded by policy). */
    abstract boolean write(int size, Blackhole bh);

    /**
     * The workload's knowledge of the slowest cursor, given to targets that do not track it (the
     * floors) so they can drop what is behind it; a tracker ignores it.
     */
    void trimHint(long slowest) {}

    /**
     * A target by name: {@link #PHYSICAL}, {@link #API} or a variant id.
     *
     * @throws IllegalArgumentException for {@link #UNSET} (a benchmark run without {@code -p target}) or an unknown name
     */
    static Target create(String name, Options options, int consumers) {
        return switch (name) {
            case UNSET ->
                throw new IllegalArgumentException("the benchmark parameter target is not set: bin/cursorcheck"
                        + " bench passes every target; run JMH directly with -p target=ID, ID one of "
                        + BenchRun.TARGETS);
            case PHYSICAL -> new Physical(options, consumers);
            case API -> new Api(ApiFloor.broadcast(options), consumers);
            default -> new Api(Variant.named(name).create(options), consumers);
        };
    }

    /** A broadcast through the SPI; every reply goes to the blackhole. */
    static class Api extends Target {
        private final Broadcast broadcast;
        private final ExternallyTrackedBroadcast floor; // null unless the API floor
        private final ConsumerHandle[] handles;

        Api(Broadcast broadcast, int consumers) {
            this.broadcast = broadcast;
            this.floor = broadcast instanceof ExternallyTrackedBroadcast f ? f : null;
            this.handles = new ConsumerHandle[consumers];
        }

        @Override
        void attach(int i) {
            handles[i] = broadcast.attach();
        }

        @Override
        void detach(int i) {
            broadcast.detach(handles[i]);
        }

        @Override
        long next(int i, Blackhole bh) {
            Reply r = broadcast.next(handles[i]);
            bh.consume(r);
            if (r.outcome().kind() != Outcome.Kind.DATA) { // predictable; keeps every run honest
                throw new IllegalStateException("consumer " + i + " got " + r.outcome() + ", not an entry");
            }
            return r.outcome().value();
        }

        @Override
        boolean write(int size, Blackhole bh) {
            Reply r = broadcast.writeSync(size);
            bh.consume(r);
            return r.outcome() != Outcome.REFUSED;
        }

        @Override
        void trimHint(long slowest) {
            if (floor != null) {
                floor.trimTo(slowest);
            }
        }
    }

    /**
     * The physical floor: entry sizes in a power-of-two ring, one {@code long} cursor per
     * consumer. A read is a bounds check, a slot read and a cursor increment; nothing is
     * allocated, nothing tracked. With a DROP_OLDEST budget a full ring drops its oldest entry.
     */
    static final class Physical extends Target {
        private final long[] cursors;
        private final long limit;
        private int[] slots = new int[16];
        private long start;
        private long end;

        Physical(Options options, int consumers) {
            this.cursors = new long[consumers];
            this.limit = options.policy() == io.cursorcheck.spi.Policy.DROP_OLDEST ? options.budget() : Long.MAX_VALUE;
        }

        @Override
        void attach(int i) {
            cursors[i] = start;
        }

        @Override
        void detach(int i) {}

        @Override
        long next(int i, Blackhole bh) {
            long p = cursors[i];
            if (p >= end) {
                throw new IllegalStateException("no entry at " + p);
            }
            bh.consume(slots[(int) p & (slots.length - 1)]);
            cursors[i] = p + 1;
            return p;
        }

        @Override
        boolean write(int size, Blackhole bh) {
            if (end - start >= limit) {
                start++;
            }
            if (end - start == slots.length) {
                int[] bigger = new int[slots.length * 2];
                for (long p = start; p < end; p++) {
                    bigger[(int) p & (bigger.length - 1)] = slots[(int) p & (slots.length - 1)];
                }
                slots = bigger;
            }
            slots[(int) end & (slots.length - 1)] = size;
            end++;
            return true;
        }

        @Override
        void trimHint(long slowest) {
            if (slowest > end) { // as ExternallyTrackedBroadcast.trimTo: no cursor can be past end
                throw new ImpossibleStateException("the workload trims to " + slowest + ", past the end " + end);
            }
            start = Math.max(start, slowest); // below start: the DROP_OLDEST ring already dropped more
        }
    }
}
