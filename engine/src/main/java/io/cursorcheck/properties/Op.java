package io.cursorcheck.properties;

import io.cursorcheck.spi.Outcome;
import java.util.List;

/**
 * One operation of a script, over the whole operation set of spec §2 ({@code docs/spec.md}).
 *
 * <p>Consumers are named by their attach ordinal within the script: {@code c0} is the consumer
 * the first {@code attach()} made. Two special references exercise the error paths:
 * {@link #FOREIGN} (a handle made by another broadcast) and {@link #NULL}.
 */
public sealed interface Op {

    /** A handle of another broadcast of the same variant. */
    int FOREIGN = -1;
    /** A null handle. */
    int NULL = -2;

    /** The operation as a line of a script, e.g. {@code next(c0)} or {@code cancel(null)}. */
    String script();

    /** The kind of operation, for coverage tables. */
    String kind();

    /** {@code cN = attach()}. */
    record Attach() implements Op {
        @Override
        public String script() {
            return "attach()";
        }

        @Override
        public String kind() {
            return "attach";
        }
    }

    /** {@code next(cN)}: a read. */
    record Next(int consumer) implements Op {
        @Override
        public String script() {
            return "next(" + ref(consumer) + ")";
        }

        @Override
        public String kind() {
            return "next";
        }
    }

    /** {@code detach(cN)}: the consumer's return. */
    record Detach(int consumer) implements Op {
        @Override
        public String script() {
            return "detach(" + ref(consumer) + ")";
        }

        @Override
        public String kind() {
            return "detach";
        }
    }

    /** {@code writeSync(size)}. */
    record WriteSync(int size) implements Op {
        @Override
        public String script() {
            return "writeSync(" + size + ")";
        }

        @Override
        public String kind() {
            return "writeSync";
        }
    }

    /** {@code write(size)}: may queue. */
    record Write(int size) implements Op {
        @Override
        public String script() {
            return "write(" + size + ")";
        }

        @Override
        public String kind() {
            return "write";
        }
    }

    /** {@code writevSync(a, b, ...)}: several chunks offered as one entry of their summed size. */
    record WritevSync(List<Integer> sizes) implements Op {
        /** Copies the sizes (null elements are refused: a script never holds one). */
        public WritevSync {
            sizes = List.copyOf(sizes);
        }

        @Override
        public String script() {
            return "writevSync(" + join(sizes) + ")";
        }

        @Override
        public String kind() {
            return "writevSync";
        }
    }

    /** {@code writev(a, b, ...)}: several chunks written as one entry of their summed size; may queue. */
    record Writev(List<Integer> sizes) implements Op {
        /** Copies the sizes. */
        public Writev {
            sizes = List.copyOf(sizes);
        }

        @Override
        public String script() {
            return "writev(" + join(sizes) + ")";
        }

        @Override
        public String kind() {
            return "writev";
        }
    }

    /** {@code endSync()}. */
    record EndSync() implements Op {
        @Override
        public String script() {
            return "endSync()";
        }

        @Override
        public String kind() {
            return "endSync";
        }
    }

    /** {@code drain()}: the writer's drainable protocol. */
    record Drain() implements Op {
        @Override
        public String script() {
            return "drain()";
        }

        @Override
        public String kind() {
            return "drain";
        }
    }

    /**
     * {@code abort(#n)}: the abort signal of the operation at step {@code operation} fires (its
     * operation number: steps and operation numbers coincide).
     */
    record Abort(int operation) implements Op {
        @Override
        public String script() {
            return "abort(#" + operation + ")";
        }

        @Override
        public String kind() {
            return "abort";
        }
    }

    /** {@code spoil(#n)}: the memory the write at step {@code operation} handed over is detached. */
    record Spoil(int operation) implements Op {
        @Override
        public String script() {
            return "spoil(#" + operation + ")";
        }

        @Override
        public String kind() {
            return "spoil";
        }
    }

    /** {@code end()}. */
    record End() implements Op {
        @Override
        public String script() {
            return "end()";
        }

        @Override
        public String kind() {
            return "end";
        }
    }

    /** {@code fail(reason)}. */
    record Fail(Object reason) implements Op {
        @Override
        public String script() {
            return "fail(" + Outcome.describeReason(reason) + ")";
        }

        @Override
        public String kind() {
            return "fail";
        }
    }

    /** {@code cancel()} when {@code hasReason} is false, else {@code cancel(reason)}. */
    record Cancel(boolean hasReason, Object reason) implements Op {
        /** Checks that a cancel without a reason carries none. */
        public Cancel {
            if (!hasReason && reason != null) {
                throw new IllegalArgumentException("cancel without a reason cannot carry reason " + reason);
            }
        }

        @Override
        public String script() {
            return hasReason ? "cancel(" + Outcome.describeReason(reason) + ")" : "cancel()";
        }

        @Override
        public String kind() {
            return hasReason ? "cancel(reason)" : "cancel()";
        }
    }

    /** The consumer this operation names, or {@link Integer#MIN_VALUE} if it names none. */
    default int consumer() {
        if (this instanceof Next n) {
            return n.consumer();
        }
        if (this instanceof Detach d) {
            return d.consumer();
        }
        return Integer.MIN_VALUE;
    }

    /**
     * The earlier operation this one names (the step number of {@link Abort} and {@link Spoil}), or
     * {@link Integer#MIN_VALUE} if it names none: a script that drops or moves steps must renumber it.
     */
    default int target() {
        if (this instanceof Abort a) {
            return a.operation();
        }
        if (this instanceof Spoil s) {
            return s.operation();
        }
        return Integer.MIN_VALUE;
    }

    /** Sizes as a script writes them: {@code 1, 2}. */
    private static String join(List<Integer> sizes) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < sizes.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(sizes.get(i));
        }
        return s.toString();
    }

    /** A consumer reference as a script writes it. */
    static String ref(int consumer) {
        return switch (consumer) {
            case FOREIGN -> "foreign";
            case NULL -> "null";
            default -> "c" + consumer;
        };
    }
}
