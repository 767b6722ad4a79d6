package io.cursorcheck.properties;

import io.cursorcheck.spi.Outcome;

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

    /** A consumer reference as a script writes it. */
    static String ref(int consumer) {
        return switch (consumer) {
            case FOREIGN -> "foreign";
            case NULL -> "null";
            default -> "c" + consumer;
        };
    }
}
