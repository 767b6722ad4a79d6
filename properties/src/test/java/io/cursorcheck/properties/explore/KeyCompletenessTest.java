package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.KnownFindings;
import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.source.SourceTree;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.spi.Snapshot;
import io.cursorcheck.spi.WriterState;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The key holds every field that decides a verdict, shown two ways that fail for a field missing from it (a
 * comparison of the key with a second copy of itself could not):
 * <ul>
 *   <li>Explored with a key that forgets each consumer's cursor ({@link LossyKey#WITHOUT_CURSORS}), the control
 *       {@code scan-counts-consumers-above-minimum} escapes its pinned bound under every policy, where the
 *       exact key catches it at its pinned length: merged states hide the failing one.</li>
 *   <li>Decoded back ({@link StateKey#writeTo}), the key of every state reached by the model in the known
 *       findings' bound (where states past a finding are reached, and detached consumers) and in the writer
 *       paths' bound (spoiled entries, queued writes, drains, ends) says, field by field, what the model's
 *       snapshot, the pair's "past a finding" flag and the sessions' detached consumers say. Its control: the
 *       same check on keys without the cursors, and on keys without the "past a finding" flag, finds the field
 *       missing. (Without that flag no control changes its verdict within the bounds the gate explores: it
 *       merges a few states past a finding with states before it, which the decoding sees.)</li>
 * </ul>
 * The text form of a key ({@link StateKey#toString()}) is rendered by the same decoding.
 */
class KeyCompletenessTest {

    private static final KnownFindings KNOWN = KnownFindings.load(SourceTree.root());
    private static final String CONTROL = "scan-counts-consumers-above-minimum";

    private static final Function<LockstepPair, Object> EXACT = pair -> pair.key(new StateKeyBuilder(), false);

    @Test
    void aKeyWithoutCursorsLetsAControlEscapeThatTheExactKeyCatchesAtItsPinnedLength() {
        BroadcastFactory control = Mutants.factory(Mutants.named(CONTROL));
        ExploreProperties.Pin pin = ExploreProperties.SHORTEST.get(CONTROL);
        for (Policy policy : Policy.values()) {
            Scope scope = pin.bound().scopes.apply(policy).withDepth(pin.length());
            Explorer.Result exact = explore(control, scope, "exact", EXACT);
            Explorer.Result lossy = explore(control, scope, "without cursors", LossyKey.WITHOUT_CURSORS);
            assertThat(exact.subjectFailures())
                    .as("%s %s with the exact key", CONTROL, scope)
                    .isNotEmpty()
                    .allSatisfy(f -> assertThat(f.run().script().length()).isEqualTo(pin.length()));
            assertThat(lossy.holds())
                    .as("%s %s with a key without cursors: the control escapes", CONTROL, scope)
                    .isTrue();
        }
    }

    @Test
    void everyReachedKeyDecodesToTheStateItCameFrom() {
        Coverage seen = new Coverage();
        List<String> wrong = new ArrayList<>();
        for (Scope scope : scopes()) {
            Explorer.Result r = explore(Variant.MODEL, scope, "checked", pair -> {
                StateKey key = pair.key(new StateKeyBuilder(), false);
                String problem = decodesTo(key, pair, seen);
                if (problem != null && wrong.size() < 5) {
                    wrong.add(problem + " in " + key + " of "
                            + pair.model().broadcast().snapshot());
                }
                StateKeyBuilder again = new StateKeyBuilder();
                key.writeTo(again);
                if (!again.build().equals(key) && wrong.size() < 5) {
                    wrong.add("decoded and encoded again, another key: " + key);
                }
                return key;
            });
            assertThat(r.complete()).isTrue();
        }
        assertThat(wrong).as("keys that do not say what their state says").isEmpty();
        // Not vacuous: every field the check compares was seen in a state that has it.
        assertThat(seen.past).as("states past a finding").isPositive();
        assertThat(seen.detached).as("states with a detached consumer").isPositive();
        assertThat(seen.spoiled).as("states with a spoiled entry").isPositive();
        assertThat(seen.queued).as("states with a queued write").isPositive();
        assertThat(seen.drains).as("states with a pending drain").isPositive();
        assertThat(seen.ends).as("states with a pending end").isPositive();
        assertThat(seen.reads).as("states with an open read").isPositive();
    }

    /** The control of the decoding check: a key with a field left out is seen to lack it. */
    @Test
    void theDecodingCheckFindsACursorOrThePastFlagMissing() {
        for (LossyKey loss : List.of(LossyKey.WITHOUT_CURSORS, LossyKey.WITHOUT_PAST_FLAG)) {
            List<String> wrong = new ArrayList<>();
            long[] count = {0};
            // The known findings' bound alone: it has both cursors and states past a finding.
            explore(Variant.MODEL, scopes().get(0), "checked", pair -> {
                StateKey lossy = (StateKey) loss.apply(pair);
                String problem = decodesTo(lossy, pair, new Coverage());
                if (problem != null && count[0]++ == 0) {
                    wrong.add(problem + " in " + lossy + " of "
                            + pair.model().broadcast().snapshot());
                }
                return pair.key(new StateKeyBuilder(), false);
            });
            System.out.printf("%s: %,d states' keys found wrong, e.g. %s%n", loss, count[0], wrong);
            assertThat(wrong).as("states whose %s key was found wrong", loss).isNotEmpty();
        }
    }

    /** The text form is the decoded items, one word each, long payloads (varints) and texts included. */
    @Test
    void theTextFormIsRenderedFromTheBytes() {
        StateKeyBuilder b = new StateKeyBuilder();
        b.renameConsumers(new int[] {3}, new int[] {0}, 1);
        b.consumer(3);
        b.consumer(9); // not in the table: written as itself under a tag of its own
        b.stopRenaming();
        b.consumer(300);
        b.number(-5);
        b.number(1L << 40);
        b.symbol(2);
        b.flag(true);
        b.flag(false);
        b.count(20);
        b.text("x é");
        assertThat(b.build().toString()).isEqualTo("c0 \"unrenamed\" 9 c300 -5 1099511627776 s2 + - #20 \"x é\"");
    }

    /** The known findings' bound (past a finding, detached consumers) and the writer paths' (their state). */
    private static List<Scope> scopes() {
        return List.of(new Scope(Policy.UNBOUNDED, 1, List.of(1), 2, 11), Scope.writerPaths(Policy.STRICT));
    }

    private static Explorer.Result explore(
            BroadcastFactory subject, Scope scope, String name, Function<LockstepPair, Object> key) {
        return Explorer.explore(
                subject,
                scope,
                ExploreSettings.of(5_000_000).withThreads(1).withKey(name, key).stoppingOnSubjectFailure(true),
                KNOWN);
    }

    /** How many states had each field the check compares. */
    private static final class Coverage {
        long past;
        long detached;
        long spoiled;
        long queued;
        long drains;
        long ends;
        long reads;
    }

    /**
     * Whether the key of the model alone says what the model's snapshot, the pair's "past a finding" flag and the
     * sessions' detached consumers say: null if it does, else the first field that differs. Reads the layout
     * {@link io.cursorcheck.model.ScanningModel#writeKey}, the invariant checker's and {@link LockstepPair#key}
     * write, field by field.
     */
    private static String decodesTo(StateKey key, LockstepPair pair, Coverage seen) {
        List<Object[]> items = new ArrayList<>();
        key.writeTo(new Items(items));
        Reader in = new Reader(items, key);
        Snapshot s = pair.model().broadcast().snapshot();
        try {
            // The model: retained sizes, spoiled entries, consumers, waiters, lifecycle, writer, queued writes,
            // pending drains and ends.
            in.expect("sizes", "#", s.sizes().size());
            for (int size : s.sizes()) {
                in.expect("a retained size", "n", size);
            }
            List<Long> spoiled = new ArrayList<>();
            while (in.peekIs("s", 1)) {
                in.next("s");
                spoiled.add(s.bufferStart() + in.number("a spoiled entry"));
            }
            in.check("spoiled entries", spoiled, s.spoiledEntries());
            in.expect("the consumers' mark", "s", 2);
            in.expect("consumers", "#", s.consumers().size());
            for (Snapshot.ConsumerState c : s.consumers()) {
                in.expect("a consumer", "c", c.id());
                in.expect("c" + c.id() + "'s cursor", "n", c.cursor() - s.bufferStart());
                long outstanding = in.number("c" + c.id() + "'s outstanding read");
                int later = in.count("c" + c.id() + "'s later reads");
                for (int i = 0; i < later; i++) {
                    in.number("a later read");
                }
                in.check("c" + c.id() + "'s open reads", (outstanding >= 0 ? 1 : 0) + later, c.openReads());
                seen.reads += c.openReads() > 0 ? 1 : 0;
            }
            int waiters = in.count("waiters");
            for (int i = 0; i < waiters; i++) {
                in.next("c");
                in.next("s");
            }
            in.expect("ended", "f", s.ended() ? 1 : 0);
            in.expect("cancelled", "f", s.cancelled() ? 1 : 0);
            in.expect("errored", "f", s.error() != null ? 1 : 0);
            if (s.error() != null) {
                in.expect("the error", "t", Outcome.describeReason(s.error()));
            }
            in.expect("the writer's state", "s", s.writerState().ordinal());
            if (s.writerState() == WriterState.ERRORED) {
                in.expect("the writer's error", "t", Outcome.describeReason(s.writerError()));
            }
            in.expect("queued writes", "#", s.queuedWrites().size());
            for (int i = 0; i < s.queuedWrites().size(); i++) {
                in.number("a queued write's rank");
                in.expect("queued write " + i + "'s size", "n", s.queuedWrites().get(i));
                in.expect(
                        "queued write " + i + " spoiled", "f", s.spoiledQueued().contains(i) ? 1 : 0);
            }
            in.expect("pending drains", "#", s.pendingDrains());
            for (int i = 0; i < s.pendingDrains(); i++) {
                in.number("a drain's rank");
            }
            in.expect("pending ends", "#", s.pendingEnds());
            for (int i = 0; i < s.pendingEnds(); i++) {
                in.number("an end's rank");
            }
            // The model's invariant checker: a book per attached consumer, then its pending writes, ends, drains.
            in.expect("the checker's presence", "f", 1);
            Set<Integer> books = new TreeSet<>();
            while (in.peekIs("s", 1)) {
                in.next("s");
                books.add((int) (long) in.next("c"));
                if (in.flag("the book's next position")) {
                    in.number("the next position");
                }
                int reads = in.count("the book's reads");
                for (int i = 0; i < reads; i++) {
                    in.number("a book's read");
                }
            }
            Set<Integer> attached = new TreeSet<>();
            s.consumers().forEach(c -> attached.add(c.id()));
            in.check("the checker's books", books, attached);
            in.expect("the books' end", "s", 2);
            in.expect("the checker's pending writes", "#", s.queuedWrites().size());
            for (int i = 0; i < s.queuedWrites().size(); i++) {
                in.number("a pending write's rank");
                in.flag("a pending write spoiled");
            }
            in.expect("the checker's pending ends", "#", s.pendingEnds());
            for (int i = 0; i < s.pendingEnds(); i++) {
                in.number("a pending end's rank");
            }
            in.expect("the checker's pending drains", "#", s.pendingDrains());
            for (int i = 0; i < s.pendingDrains(); i++) {
                in.number("a pending drain's rank");
            }
            // The pair: no subject (the model alone), no scan-count reference, past a finding, detached consumers.
            in.expect("a subject", "f", 0);
            in.expect("a reference", "f", 0);
            in.expect("past a finding", "f", pair.tolerated() != null ? 1 : 0);
            List<String> detached = new ArrayList<>();
            for (int i = 0; i < pair.consumers(); i++) {
                String d = pair.model().detachedKey(i);
                if (d != null) {
                    detached.add(d);
                }
            }
            detached.sort(null);
            in.expect("detached consumers", "#", detached.size());
            for (String d : detached) {
                in.expect("the model's detached consumer", "f", 1);
                in.expect("the model's detached consumer", "t", d);
                in.expect("the subject's detached consumer (the model's own)", "f", 1);
                in.expect("the subject's detached consumer (the model's own)", "t", d);
            }
            if (in.at < items.size()) {
                throw new Mismatch("items left over from " + in.at + " on");
            }
        } catch (Mismatch m) {
            return m.getMessage(); // the caller renders the key and the state, for the first few only
        }
        seen.past += pair.tolerated() != null ? 1 : 0;
        seen.spoiled += s.spoiledEntries().isEmpty() ? 0 : 1;
        seen.queued += s.queuedWrites().isEmpty() ? 0 : 1;
        seen.drains += s.pendingDrains() > 0 ? 1 : 0;
        seen.ends += s.pendingEnds() > 0 ? 1 : 0;
        for (int i = 0; i < pair.consumers(); i++) {
            if (pair.model().detachedKey(i) != null) {
                seen.detached++;
                break;
            }
        }
        return null;
    }

    private static final class Mismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Mismatch(String message) {
            super(message, null, false, false);
        }
    }

    /** Reads decoded items, each {kind, value}: c, n, s, f, # (a long) or t (a String). */
    private static final class Reader {
        private final List<Object[]> items;
        private final StateKey key;
        int at;

        Reader(List<Object[]> items, StateKey key) {
            this.items = items;
            this.key = key;
        }

        boolean peekIs(String kind, long value) {
            return at < items.size() && items.get(at)[0].equals(kind) && items.get(at)[1].equals(value);
        }

        Object next(String kind) {
            if (at >= items.size()) {
                throw new Mismatch("the key ends where a " + kind + " item was expected");
            }
            Object[] item = items.get(at++);
            if (!item[0].equals(kind)) {
                throw new Mismatch("item " + (at - 1) + " is " + item[0] + " " + item[1] + ", not a " + kind);
            }
            return item[1];
        }

        long number(String what) {
            return (long) next("n");
        }

        int count(String what) {
            return (int) (long) next("#");
        }

        boolean flag(String what) {
            return (long) next("f") != 0;
        }

        void expect(String what, String kind, Object value) {
            Object v = next(kind);
            Object want = value instanceof Integer i ? (Object) (long) i : value;
            if (!v.equals(want)) {
                throw new Mismatch(what + ": the key says " + v + ", the state " + want);
            }
        }

        void check(String what, Object fromKey, Object fromState) {
            if (!fromKey.equals(fromState)) {
                throw new Mismatch(what + ": the key says " + fromKey + ", the state " + fromState);
            }
        }
    }

    /** Collects decoded items. */
    private record Items(List<Object[]> items) implements KeyWriter {
        @Override
        public void consumer(int id) {
            items.add(new Object[] {"c", (long) id});
        }

        @Override
        public void number(long value) {
            items.add(new Object[] {"n", value});
        }

        @Override
        public void symbol(int symbol) {
            items.add(new Object[] {"s", (long) symbol});
        }

        @Override
        public void flag(boolean value) {
            items.add(new Object[] {"f", value ? 1L : 0L});
        }

        @Override
        public void count(int count) {
            items.add(new Object[] {"#", (long) count});
        }

        @Override
        public void text(String text) {
            items.add(new Object[] {"t", text});
        }
    }
}
