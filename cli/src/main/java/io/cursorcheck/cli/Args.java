package io.cursorcheck.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one subcommand: {@code --name value} options, {@code --flag}s and positional
 * arguments. Anything unknown or malformed is a {@link UsageError} naming the argument.
 */
final class Args {

    /** A mistake in the command line; exit code 2. */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }

    private final Map<String, String> options = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    /**
     * @param args       the words after the subcommand
     * @param valued     option names that take a value
     * @param flags      option names that take none
     */
    Args(List<String> args, Set<String> valued, Set<String> flags) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--")) {
                positional.add(a);
                continue;
            }
            String name = a.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (flags.contains(name) && value == null) {
                options.put(name, "true");
            } else if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageError("--" + name + " needs a value");
                    }
                    value = args.get(++i);
                }
                options.put(name, value);
            } else {
                throw new UsageError("unknown option --" + name);
            }
        }
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    String string(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }

    long number(String name, long fallback, long min) {
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        long n;
        try {
            n = Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageError("--" + name + " must be a whole number, was '" + v + "'");
        }
        if (n < min) {
            throw new UsageError("--" + name + " must be >= " + min + ", was " + n);
        }
        return n;
    }

    /** A seed: decimal, negative or unsigned, or hex with 0x. */
    Long seed(String name) {
        String v = options.get(name);
        if (v == null) {
            return null;
        }
        try {
            if (v.startsWith("0x")) {
                return Long.parseUnsignedLong(v.substring(2), 16);
            }
            return v.startsWith("-") ? Long.parseLong(v) : Long.parseUnsignedLong(v);
        } catch (NumberFormatException e) {
            throw new UsageError("--" + name + " must be a 64-bit number, was '" + v + "'");
        }
    }

    List<String> positional() {
        return positional;
    }
}
