package io.cursorcheck.properties.engine;

import io.cursorcheck.properties.Op;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A sequence of operations with the options of the broadcast it runs on: the unit the engine
 * generates, shrinks, replays and prints.
 *
 * <p>Printed form, one operation a line, consumers named by attach order:
 * <pre>{@code
 * c0 = attach()
 * write(2)
 * next(c0)
 * cancel(null)
 * }</pre>
 *
 * @param options the broadcast's options
 * @param ops     the operations, in order
 */
public record Script(Options options, List<Op> ops) {

    private static final Pattern CALL = Pattern.compile("(?:c\\d+\\s*=\\s*)?(\\w+)\\((.*)\\)\\s*;?");
    private static final Pattern ATTACH_NAME = Pattern.compile("c(\\d+)\\s*=");

    /** Copies the list. */
    public Script {
        ops = List.copyOf(ops);
    }

    /** The number of operations. */
    public int length() {
        return ops.size();
    }

    /** The first {@code n} operations. */
    public Script prefix(int n) {
        return new Script(options, ops.subList(0, Math.min(n, ops.size())));
    }

    /** The same operations on other options. */
    public Script withOptions(Options other) {
        return new Script(other, ops);
    }

    /** The same script with operation {@code index} replaced. */
    public Script with(int index, Op op) {
        List<Op> copy = new ArrayList<>(ops);
        copy.set(index, op);
        return new Script(options, copy);
    }

    /**
     * The script without the operations at {@code removed}. Removing an {@code attach()} also
     * removes every operation on the consumer it made, and renumbers later consumers, so the
     * result is always a valid script.
     *
     * <p>Removing a step renumbers the operations later steps name: an {@code abort(#n)} or
     * {@code spoil(#n)} names the same operation afterwards (operation numbers are steps), and one
     * whose operation was removed is removed too (it would name another operation, or none). One
     * that names no earlier step (bad input) keeps naming the same distance ahead of itself, or the
     * same negative number, so it stays bad input.
     */
    public Script without(Collection<Integer> removed) {
        Set<Integer> drop = new HashSet<>(removed);
        List<Op> kept = new ArrayList<>();
        int[] renumber = new int[ops.size()];
        int[] step = new int[ops.size()]; // each original step's index in the result, or -1 if removed
        int attachedBefore = 0; // consumers made by the original script so far
        int attachedKept = 0;
        for (int i = 0; i < ops.size(); i++) {
            step[i] = -1;
            Op op = ops.get(i);
            if (op instanceof Op.Attach) {
                if (drop.contains(i)) {
                    renumber[attachedBefore++] = -1;
                } else {
                    renumber[attachedBefore++] = attachedKept++;
                    step[i] = kept.size();
                    kept.add(op);
                }
                continue;
            }
            if (drop.contains(i)) {
                continue;
            }
            int c = op.consumer();
            if (c >= 0) {
                if (c >= attachedBefore) {
                    continue; // names a consumer not attached yet: not a valid operation here
                }
                int to = renumber[c];
                if (to < 0) {
                    continue; // its consumer is gone
                }
                op = op instanceof Op.Next ? new Op.Next(to) : new Op.Detach(to);
            }
            int target = op.target();
            if (target != Integer.MIN_VALUE) {
                int moved = renamed(target, i, kept.size(), step);
                if (moved == Integer.MIN_VALUE) {
                    continue; // the operation it names is gone
                }
                op = retargeted(op, moved);
            }
            step[i] = kept.size();
            kept.add(op);
        }
        return new Script(options, kept);
    }

    /**
     * The number an operation at original step {@code at} (now at {@code now}) names instead of
     * {@code target}, or {@link Integer#MIN_VALUE} if the step it named was removed.
     */
    private static int renamed(int target, int at, int now, int[] step) {
        if (target < 0) {
            return target; // bad input, and stays so
        }
        if (target >= at) {
            return now + (target - at); // this step or a later one: bad input at the same distance
        }
        return step[target] < 0 ? Integer.MIN_VALUE : step[target];
    }

    /**
     * The same {@code abort} or {@code spoil} naming another operation.
     *
     * @throws IllegalArgumentException if {@code op} names no operation
     */
    public static Op retargeted(Op op, int target) {
        if (op instanceof Op.Abort) {
            return new Op.Abort(target);
        }
        if (op instanceof Op.Spoil) {
            return new Op.Spoil(target);
        }
        throw new IllegalArgumentException(op.script() + " names no earlier operation");
    }

    /** The script as printed lines, attach lines naming their consumer. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        int consumers = 0;
        for (Op op : ops) {
            lines.add(op instanceof Op.Attach ? "c" + consumers++ + " = attach()" : op.script());
        }
        return lines;
    }

    /**
     * Step {@code index} as printed, and, for an {@code abort(#n)} or {@code spoil(#n)}, what it
     * names: {@code abort(#3) — write(2) at step 3}, or {@code — no earlier step} for bad input.
     */
    public String described(int index) {
        String line = lines().get(index);
        int target = ops.get(index).target();
        if (target == Integer.MIN_VALUE) {
            return line;
        }
        return line + " — "
                + (target >= 0 && target < index ? lines().get(target) + " at step " + target : "no earlier step");
    }

    @Override
    public String toString() {
        return "// " + options + "\n" + String.join("\n", lines());
    }

    /**
     * Parses one operation line, e.g. {@code next(c0)}, {@code c1 = attach()}, {@code fail("e")},
     * {@code cancel()}, {@code cancel(0)}, {@code write(3)}, {@code writev(1, 2)}, {@code abort(#3)}.
     *
     * @throws IllegalArgumentException naming the line if it is not an operation
     */
    public static Op parseOp(String line) {
        Matcher m = CALL.matcher(line.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("not an operation: '" + line + "'");
        }
        String name = m.group(1);
        String arg = m.group(2).strip();
        try {
            return switch (name) {
                case "attach" -> noArg(line, arg, new Op.Attach());
                case "next" -> new Op.Next(consumer(arg));
                case "detach" -> new Op.Detach(consumer(arg));
                case "writeSync" -> new Op.WriteSync(Integer.parseInt(arg));
                case "write" -> new Op.Write(Integer.parseInt(arg));
                case "writevSync" -> new Op.WritevSync(sizes(arg));
                case "writev" -> new Op.Writev(sizes(arg));
                case "endSync" -> noArg(line, arg, new Op.EndSync());
                case "drain" -> noArg(line, arg, new Op.Drain());
                case "abort" -> new Op.Abort(operation(arg));
                case "spoil" -> new Op.Spoil(operation(arg));
                case "end" -> noArg(line, arg, new Op.End());
                case "fail" -> new Op.Fail(reason(arg));
                case "cancel" -> arg.isEmpty() ? new Op.Cancel(false, null) : new Op.Cancel(true, reason(arg));
                default -> throw new IllegalArgumentException("unknown operation '" + name + "'");
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad argument in '" + line + "'", e);
        }
    }

    /**
     * Parses printed lines (blank lines and {@code //} comments are skipped) into a script that
     * can run: every {@code next(cN)} and {@code detach(cN)} names a consumer attached at an
     * earlier step, and an attach that names its consumer names the one it makes (consumers are
     * numbered in attach order).
     *
     * @throws IllegalArgumentException naming the step (numbered from 0, as traces print it) and
     *                                  its line
     */
    public static Script parse(Options options, List<String> lines) {
        List<Op> ops = new ArrayList<>();
        int attached = 0;
        for (String line : lines) {
            if (line == null) {
                throw new IllegalArgumentException("step " + ops.size() + ": null is not an operation");
            }
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("//")) {
                continue;
            }
            String where = "step " + ops.size() + ", " + s + ": ";
            Op op;
            try {
                op = parseOp(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("step " + ops.size() + ": " + e.getMessage(), e);
            }
            if (op instanceof Op.Attach) {
                Matcher named = ATTACH_NAME.matcher(s);
                if (named.lookingAt() && !named.group(1).equals(String.valueOf(attached))) {
                    throw new IllegalArgumentException(
                            where + "this attach makes c" + attached + " (consumers are named in attach order)");
                }
                attached++;
            } else if (op.consumer() >= attached) {
                // Replaying it would reach for a handle that does not exist (an IndexOutOfBounds deep in a session).
                throw new IllegalArgumentException(where + "consumer c" + op.consumer() + " was never attached"
                        + (attached == 0
                                ? " (no attach before this step)"
                                : " (attached before this step: c0" + (attached > 1 ? " to c" + (attached - 1) : "")
                                        + ")"));
            }
            ops.add(op);
        }
        return new Script(options, ops);
    }

    /** Parses printed lines from one text block. */
    public static Script parse(Options options, String text) {
        return parse(options, text.lines().toList());
    }

    /**
     * Parses {@code budget=4, policy=STRICT} as {@link Options#toString()} prints it.
     *
     * @throws IllegalArgumentException naming the part that is not understood
     */
    public static Options parseOptions(String text) {
        Matcher m = Pattern.compile("budget=(\\d+),\\s*policy=(\\w+)").matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("options must look like 'budget=4, policy=STRICT', was '" + text + "'");
        }
        long budget;
        try {
            budget = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "budget must be a whole number from 1 to " + Long.MAX_VALUE + ", was " + m.group(1));
        }
        return Options.of(budget, policy(m.group(2)));
    }

    /**
     * The policy of that name, as SPEC writes it ({@code STRICT}, {@code DROP_OLDEST}, ...).
     *
     * @throws IllegalArgumentException naming the value and the policies
     */
    public static Policy policy(String name) {
        for (Policy p : Policy.values()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("policy must be one of "
                + Arrays.stream(Policy.values()).map(Enum::name).collect(Collectors.joining(", ")) + ", was '" + name
                + "'");
    }

    private static Op noArg(String line, String arg, Op op) {
        if (!arg.isEmpty()) {
            throw new IllegalArgumentException("'" + line + "' takes no argument");
        }
        return op;
    }

    /** Chunk sizes: {@code 1, 2} (none at all is a writev of no chunks). */
    private static List<Integer> sizes(String arg) {
        if (arg.isEmpty()) {
            return List.of();
        }
        List<Integer> sizes = new ArrayList<>();
        for (String part : arg.split(",", -1)) {
            sizes.add(Integer.parseInt(part.strip()));
        }
        return sizes;
    }

    /** An operation number: {@code #3}. Any integer, so that bad input ({@code #-1}, a later step) can be written. */
    private static int operation(String arg) {
        if (!arg.startsWith("#")) {
            throw new IllegalArgumentException("an operation is named #N (its step), was '" + arg + "'");
        }
        return Integer.parseInt(arg.substring(1));
    }

    private static int consumer(String arg) {
        return switch (arg) {
            case "foreign" -> Op.FOREIGN;
            case "null" -> Op.NULL;
            default -> {
                if (!arg.matches("c\\d+")) {
                    throw new IllegalArgumentException("a consumer is cN, foreign or null, was '" + arg + "'");
                }
                yield Integer.parseInt(arg.substring(1));
            }
        };
    }

    /** A reason: {@code null}, an integer, or a double-quoted string without escapes. */
    static Object reason(String arg) {
        if (arg.equals("null")) {
            return null;
        }
        if (arg.length() >= 2 && arg.startsWith("\"") && arg.endsWith("\"")) {
            return arg.substring(1, arg.length() - 1);
        }
        return Integer.parseInt(arg);
    }
}
