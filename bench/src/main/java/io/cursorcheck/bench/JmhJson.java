package io.cursorcheck.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's {@code -rf json} output (through {@link io.cursorcheck.properties.io.Json}): the
 * fields of a result the report uses.
 */
final class JmhJson {

    private JmhJson() {}

    /**
     * One benchmark's result.
     *
     * @param benchmark the method's short name, e.g. {@code AdvanceBenchmark.advance}
     * @param params    its parameters
     * @param score     the primary metric
     * @param error     its 99.9% error half-width (NaN with too few iterations)
     * @param unit      the primary metric's unit
     * @param allocated bytes allocated per operation ({@code gc.alloc.rate.norm}), NaN if absent
     * @param header    JDK, VM and JMH settings of the run
     * @param forks     the primary metric of every measurement iteration ({@code rawData}): a list per
     *                  fork, in the order JMH ran the forks, each in the order run; empty if the JSON has none
     */
    record Result(
            String benchmark,
            Map<String, String> params,
            double score,
            double error,
            String unit,
            double allocated,
            Map<String, String> header,
            List<List<Double>> forks) {

        Result {
            forks = forks.stream().map(List::copyOf).toList();
        }

        /** Every measurement iteration, the forks one after the other. */
        List<Double> iterations() {
            return forks.stream().flatMap(List::stream).toList();
        }

        String param(String name) {
            return params.getOrDefault(name, "");
        }
    }

    /**
     * The results of one JSON file.
     *
     * @throws IllegalArgumentException if it is not JSON, or not JMH's list of results (naming the
     *                                  result and the field)
     */
    static List<Result> results(String json) {
        if (!(io.cursorcheck.properties.io.Json.parse(json) instanceof List<?> list)) {
            throw new IllegalArgumentException("JMH's JSON must be a list of results");
        }
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException("JMH's result " + i + " is not an object");
            }
            String full = text(m, "benchmark", i);
            String[] parts = full.split("\\.");
            if (parts.length < 2) {
                throw new IllegalArgumentException(
                        "JMH's result " + i + ": \"benchmark\" must be Class.method, was '" + full + "'");
            }
            String name = parts[parts.length - 2] + "." + parts[parts.length - 1];
            Map<String, String> params = new LinkedHashMap<>();
            Object p = m.get("params");
            if (p instanceof Map<?, ?> pm) {
                pm.forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
            }
            if (!(m.get("primaryMetric") instanceof Map<?, ?> primary)) {
                throw new IllegalArgumentException(
                        "JMH's result " + i + " (" + full + ") has no \"primaryMetric\" object");
            }
            double allocated = Double.NaN;
            Object secondary = m.get("secondaryMetrics");
            if (secondary instanceof Map<?, ?> sm && sm.get("gc.alloc.rate.norm") instanceof Map<?, ?> norm) {
                allocated = number(norm.get("score"));
            }
            Map<String, String> header = new LinkedHashMap<>();
            for (String k : List.of(
                    "jmhVersion",
                    "jdkVersion",
                    "vmName",
                    "vmVersion",
                    "forks",
                    "warmupIterations",
                    "warmupTime",
                    "measurementIterations",
                    "measurementTime",
                    "jvmArgs")) {
                if (m.containsKey(k)) {
                    header.put(k, String.valueOf(m.get(k)));
                }
            }
            out.add(new Result(
                    name,
                    params,
                    number(primary.get("score")),
                    number(primary.get("scoreError")),
                    String.valueOf(primary.get("scoreUnit")),
                    allocated,
                    header,
                    forks(primary, i, full)));
        }
        return out;
    }

    /** {@code rawData}: a list per fork of one number per measurement iteration. */
    private static List<List<Double>> forks(Map<?, ?> primary, int index, String full) {
        List<List<Double>> out = new ArrayList<>();
        Object raw = primary.get("rawData");
        if (raw == null) {
            return out;
        }
        if (!(raw instanceof List<?> forks)) {
            throw new IllegalArgumentException("JMH's result " + index + " (" + full + "): \"rawData\" is not a list");
        }
        for (Object fork : forks) {
            if (!(fork instanceof List<?> values)) {
                throw new IllegalArgumentException(
                        "JMH's result " + index + " (" + full + "): \"rawData\" must be a list of lists of numbers");
            }
            List<Double> one = new ArrayList<>();
            for (Object v : values) {
                double d = number(v);
                if (Double.isNaN(d)) {
                    throw new IllegalArgumentException(
                            "JMH's result " + index + " (" + full + "): \"rawData\" holds '" + v + "', not a number");
                }
                one.add(d);
            }
            out.add(one);
        }
        return out;
    }

    private static String text(Map<?, ?> m, String field, int index) {
        if (!(m.get(field) instanceof String s)) {
            throw new IllegalArgumentException("JMH's result " + index + " has no \"" + field + "\" string");
        }
        return s;
    }

    private static double number(Object o) {
        if (o instanceof Number n) {
            return n.doubleValue();
        }
        return Double.NaN; // JMH writes "NaN" as a string
    }
}
