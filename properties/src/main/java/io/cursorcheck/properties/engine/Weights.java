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
 * @param detachedRef   percent of consumer arguments naming a detached consumer, when there is one
 * @param badInput      percent of arguments that are bad input: a foreign or null handle, a
 *                      negative size
 */
public record Weights(int attach, int next, int detach, int writeSync, int write, int end, int fail, int cancel,
                      int detachedRef, int badInput) {

    /** The defaults: long open phases with frequent reads and writes, rarer lifecycle ends. */
    public static final Weights DEFAULT = new Weights(8, 34, 5, 18, 22, 2, 1, 1, 8, 2);

    /** Checks that weights are non-negative and that something can be drawn. */
    public Weights {
        int[] all = {attach, next, detach, writeSync, write, end, fail, cancel};
        int sum = 0;
        for (int w : all) {
            if (w < 0) {
                throw new IllegalArgumentException("weights must be >= 0, got " + this);
            }
            sum += w;
        }
        if (sum == 0 || attach == 0) {
            throw new IllegalArgumentException("attach and at least one other weight must be > 0");
        }
        if (detachedRef < 0 || detachedRef > 100 || badInput < 0 || badInput > 100) {
            throw new IllegalArgumentException("detachedRef and badInput are percentages, got "
                    + detachedRef + " and " + badInput);
        }
    }

    /** The sum of the operation weights. */
    int total() {
        return attach + next + detach + writeSync + write + end + fail + cancel;
    }

    /**
     * These weights with some overridden, from {@code name=value} pairs separated by commas,
     * e.g. {@code next=40,fail=0,badInput=5}.
     *
     * @throws IllegalArgumentException naming the pair that is not understood
     */
    public Weights with(String spec) {
        Map<String, Integer> w = asMap();
        for (String pair : spec.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            String[] kv = pair.split("=", 2);
            if (kv.length != 2 || !w.containsKey(kv[0].strip())) {
                throw new IllegalArgumentException("--weights: '" + pair.strip() + "' is not name=value with a name in "
                        + w.keySet());
            }
            try {
                w.put(kv[0].strip(), Integer.parseInt(kv[1].strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--weights: '" + pair.strip() + "' needs a whole number", e);
            }
        }
        return new Weights(w.get("attach"), w.get("next"), w.get("detach"), w.get("writeSync"), w.get("write"),
                w.get("end"), w.get("fail"), w.get("cancel"), w.get("detachedRef"), w.get("badInput"));
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
        w.put("detachedRef", detachedRef);
        w.put("badInput", badInput);
        return w;
    }

    @Override
    public String toString() {
        return asMap().toString().replace("{", "").replace("}", "").replace(" ", "");
    }
}
