package io.cursorcheck.properties.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Relative weights of the operations the {@link Generator} draws, and how often it picks an
 * argument that exercises an error path.
 *
 * @param attach        weight of {@code attach()}
 * @param next          weight of {@code next(c)}
 * @param detach        weight of {@code detach(c)}
 * @param writeSync     weight of {@code writeSync(size)}
 * @param write         weight of {@code write(size)}
 * @param end           weight of {@code end()}
 * @param fail          weight of {@code fail(reason)}
 * @param cancel        weight of {@code cancel(...)}, with or without a reason
 * @param writevSync    weight of {@code writevSync(sizes...)}
 * @param writev        weight of {@code writev(sizes...)}
 * @param endSync       weight of {@code endSync()}
 * @param drain         weight of {@code drain()}
 * @param abort         weight of {@code abort(#n)}
 * @param spoil         weight of {@code spoil(#n)}
 * @param detachedRef   percent of consumer arguments naming a detached consumer, when there is one
 * @param badInput      percent of arguments that are bad input: a foreign or null handle, a
 *                      negative size
 */
public record Weights(
        int attach,
        int next,
        int detach,
        int writeSync,
        int write,
        int end,
        int fail,
        int cancel,
        int writevSync,
        int writev,
        int endSync,
        int drain,
        int abort,
        int spoil,
        int detachedRef,
        int badInput) {

    /**
     * The defaults: long open phases with frequent reads and writes, rarer lifecycle ends; the writer's
     * further paths about a sixth of the draws, so that queued writes and full buffers are
     * still common when an abort, a drain or a spoil comes.
     */
    public static final Weights DEFAULT = new Weights(8, 34, 5, 18, 22, 2, 1, 1, 4, 5, 1, 5, 5, 4, 8, 2);

    /** The operation weights' names, in declaration order (every name {@link #with} takes, but the percentages). */
    private static final String[] OPERATIONS = {
        "attach",
        "next",
        "detach",
        "writeSync",
        "write",
        "end",
        "fail",
        "cancel",
        "writevSync",
        "writev",
        "endSync",
        "drain",
        "abort",
        "spoil"
    };

    /**
     * The largest operation weight: fourteen of them sum to at most 14,000,000, so {@link #total()}
     * cannot wrap (two weights of 2,000,000,000 once summed to a negative bound and crashed the
     * generator inside a lockstep worker).
     */
    public static final int MAX_WEIGHT = 1_000_000;

    /**
     * Checks each weight against its range, naming the field and its value.
     *
     * @throws IllegalArgumentException for an operation weight outside 0..{@link #MAX_WEIGHT}, a
     *                                  percentage outside 0..100, or weights that cannot draw an attach
     */
    public Weights {
        // The message is built from the parameters: the fields are not assigned yet here, so
        // this.toString() would print every weight as 0.
        String[] names = OPERATIONS;
        int[] all = {
            attach, next, detach, writeSync, write, end, fail, cancel, writevSync, writev, endSync, drain, abort, spoil
        };
        long sum = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] < 0 || all[i] > MAX_WEIGHT) {
                throw new IllegalArgumentException(
                        "weight " + names[i] + " must be from 0 to " + MAX_WEIGHT + ", was " + all[i]);
            }
            sum += all[i];
        }
        if (attach == 0 || sum == attach) {
            throw new IllegalArgumentException("weight attach and at least one other operation weight must be > 0, was"
                    + " attach=" + attach + " and " + (sum - attach) + " for the others");
        }
        percentage("detachedRef", detachedRef);
        percentage("badInput", badInput);
    }

    /**
     * Weights without the writer's further paths: every one of their weights 0, so the
     * generator draws as it did before them (the same seed, the same sequence).
     */
    public Weights(
            int attach,
            int next,
            int detach,
            int writeSync,
            int write,
            int end,
            int fail,
            int cancel,
            int detachedRef,
            int badInput) {
        this(attach, next, detach, writeSync, write, end, fail, cancel, 0, 0, 0, 0, 0, 0, detachedRef, badInput);
    }

    private static void percentage(String name, int value) {
        if (value < 0 || value > 100) {
            throw new IllegalArgumentException(name + " is a percentage from 0 to 100, was " + value);
        }
    }

    /** The sum of the operation weights. */
    int total() {
        return attach
                + next
                + detach
                + writeSync
                + write
                + end
                + fail
                + cancel
                + writevSync
                + writev
                + endSync
                + drain
                + abort
                + spoil;
    }

    /**
     * These weights with some overridden, from {@code name=value} pairs separated by commas,
     * e.g. {@code next=40,fail=0,badInput=5}. A string written before the writer's further paths
     * (without {@code writev}, {@code drain}, {@code abort}, ...) still parses: the names it does not
     * give keep these weights' values.
     *
     * @throws IllegalArgumentException naming the pair that is not understood, or the weight and
     *                                  its value when it is out of range
     */
    public Weights with(String spec) {
        Map<String, Integer> w = asMap();
        for (String pair : spec.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            String[] kv = pair.split("=", 2);
            if (kv.length != 2 || !w.containsKey(kv[0].strip())) {
                throw new IllegalArgumentException(
                        "'" + pair.strip() + "' is not name=value with a name in " + String.join(", ", w.keySet()));
            }
            String name = kv[0].strip();
            String text = kv[1].strip();
            long value;
            try {
                value = Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("weight " + name + " must be a whole number, was '" + text + "'");
            }
            // Range-checked as a long, so that 4294967298 is refused rather than wrapped to 2.
            long max = name.equals("detachedRef") || name.equals("badInput") ? 100 : MAX_WEIGHT;
            if (value < 0 || value > max) {
                throw new IllegalArgumentException((max == 100
                                ? name + " is a percentage from 0 to 100"
                                : "weight " + name + " must be from 0 to " + MAX_WEIGHT)
                        + ", was " + text);
            }
            w.put(name, (int) value);
        }
        return new Weights(
                w.get("attach"),
                w.get("next"),
                w.get("detach"),
                w.get("writeSync"),
                w.get("write"),
                w.get("end"),
                w.get("fail"),
                w.get("cancel"),
                w.get("writevSync"),
                w.get("writev"),
                w.get("endSync"),
                w.get("drain"),
                w.get("abort"),
                w.get("spoil"),
                w.get("detachedRef"),
                w.get("badInput"));
    }

    /** The weights by name, in declaration order. */
    public Map<String, Integer> asMap() {
        Map<String, Integer> w = new LinkedHashMap<>();
        w.put("attach", attach);
        w.put("next", next);
        w.put("detach", detach);
        w.put("writeSync", writeSync);
        w.put("write", write);
        w.put("end", end);
        w.put("fail", fail);
        w.put("cancel", cancel);
        w.put("writevSync", writevSync);
        w.put("writev", writev);
        w.put("endSync", endSync);
        w.put("drain", drain);
        w.put("abort", abort);
        w.put("spoil", spoil);
        w.put("detachedRef", detachedRef);
        w.put("badInput", badInput);
        return w;
    }

    @Override
    public String toString() {
        return asMap().toString().replace("{", "").replace("}", "").replace(" ", "");
    }
}
