package io.cursorcheck.properties.explore;

import io.cursorcheck.properties.engine.LockstepPair;
import io.cursorcheck.properties.engine.key.StateKey;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.spi.KeyWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Deliberately lossy keys for negative controls: the pair's exact key ({@link LockstepPair#key}, consumers by
 * id), decoded item by item ({@link StateKey#writeTo}), with one field left out, and encoded again. Working on
 * the decoded key itself, not on a second writer of the pair's state, a control loses exactly the field it
 * names and keeps every other.
 */
enum LossyKey implements Function<LockstepPair, Object> {

    /**
     * Every consumer's cursor left out: the first number after each consumer item (flags between them let
     * through), which is a consumer's cursor in a broadcast's list and the position it must get next in the
     * invariant checker's books.
     */
    WITHOUT_CURSORS,

    /**
     * The "past a finding" flag left out (written as false): the flag right before the last count, which is
     * the detached consumers' list (every item after that count is a flag or a text).
     */
    WITHOUT_PAST_FLAG;

    @Override
    public Object apply(LockstepPair pair) {
        List<Item> items = new ArrayList<>();
        pair.key(new StateKeyBuilder(), false).writeTo(new Recorder(items));
        if (this == WITHOUT_PAST_FLAG) {
            int last = -1;
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).kind == Kind.COUNT) {
                    last = i;
                }
            }
            Item flag = items.get(last - 1);
            if (flag.kind != Kind.FLAG) {
                throw new IllegalStateException("no flag before the detached consumers' count: " + items);
            }
            items.set(last - 1, new Item(Kind.FLAG, 0, null));
        }
        StateKeyBuilder out = new StateKeyBuilder();
        boolean afterConsumer = false;
        for (Item item : items) {
            if (this == WITHOUT_CURSORS && afterConsumer && item.kind == Kind.NUMBER) {
                afterConsumer = false; // the cursor: left out
                continue;
            }
            if (item.kind != Kind.FLAG) {
                afterConsumer = item.kind == Kind.CONSUMER;
            }
            item.writeTo(out);
        }
        return out.build();
    }

    private enum Kind {
        CONSUMER,
        NUMBER,
        SYMBOL,
        FLAG,
        COUNT,
        TEXT
    }

    private record Item(Kind kind, long value, String text) {
        void writeTo(KeyWriter w) {
            switch (kind) {
                case CONSUMER -> w.consumer((int) value);
                case NUMBER -> w.number(value);
                case SYMBOL -> w.symbol((int) value);
                case FLAG -> w.flag(value != 0);
                case COUNT -> w.count((int) value);
                case TEXT -> w.text(text);
            }
        }
    }

    /** Keeps the decoded items. */
    private record Recorder(List<Item> items) implements KeyWriter {
        @Override
        public void consumer(int id) {
            items.add(new Item(Kind.CONSUMER, id, null));
        }

        @Override
        public void number(long value) {
            items.add(new Item(Kind.NUMBER, value, null));
        }

        @Override
        public void symbol(int symbol) {
            items.add(new Item(Kind.SYMBOL, symbol, null));
        }

        @Override
        public void flag(boolean value) {
            items.add(new Item(Kind.FLAG, value ? 1 : 0, null));
        }

        @Override
        public void count(int count) {
            items.add(new Item(Kind.COUNT, count, null));
        }

        @Override
        public void text(String text) {
            items.add(new Item(Kind.TEXT, 0, text));
        }
    }
}
