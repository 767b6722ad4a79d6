package io.cursorcheck.properties;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import io.cursorcheck.spi.Settlement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A model's answers as a user of an external subject can see them, for subjects that are
 * {@linkplain BroadcastFactory.Capabilities#observableOnly() observable only}:
 * <ul>
 * <li>an entry is named by the write that stored it, not by its position (Node has no positions):
 *     {@code DATA} carries the write's operation number in {@link Outcome#value()};</li>
 * <li>{@code DISCARDED} looks like {@code ACCEPTED} (DROP_NEWEST's write resolves; only a later
 *     read shows that nothing was stored);</li>
 * <li>the settlements one operation caused are compared in operation order: in JavaScript a
 *     queued write's promise comes from an async function and settles a few microtasks after the
 *     reads the same operation served, so their relative order is not the broadcast's.</li>
 * </ul>
 */
public final class OutsideView {

    private OutsideView() {}

    /** The model's observation as the outside sees it. */
    public static Observation of(ScanningModel model, Observation m) {
        return m.reply() == null
                ? m
                : new Observation(
                        m.op(),
                        project(model, m.reply()),
                        m.attachedId(),
                        m.thrown(),
                        m.snapshot(),
                        m.violations(),
                        m.probe());
    }

    /** A subject's observation with its settlements in operation order. */
    public static Observation ordered(Observation s) {
        return s.reply() == null
                ? s
                : new Observation(
                        s.op(),
                        new Reply(
                                s.reply().op(),
                                s.reply().outcome(),
                                sorted(s.reply().settlements())),
                        s.attachedId(),
                        s.thrown(),
                        s.snapshot(),
                        s.violations(),
                        s.probe());
    }

    private static Reply project(ScanningModel model, Reply r) {
        List<Settlement> settled = new ArrayList<>();
        for (Settlement s : r.settlements()) {
            settled.add(new Settlement(s.op(), project(model, s.outcome())));
        }
        return new Reply(r.op(), project(model, r.outcome()), sorted(settled));
    }

    private static Outcome project(ScanningModel model, Outcome o) {
        return switch (o.kind()) {
            case DATA -> Outcome.data(model.writeOf(o.value()), o.size());
            case DISCARDED -> Outcome.ACCEPTED;
            default -> o;
        };
    }

    private static List<Settlement> sorted(List<Settlement> settlements) {
        List<Settlement> s = new ArrayList<>(settlements);
        s.sort(Comparator.comparingLong(Settlement::op));
        return s;
    }

    /** An answer in outside terms: {@code DATA} names its write, e.g. {@code DATA(#3, 2B)}. */
    public static String answer(Observation o) {
        return o == null ? "" : o.render(OutsideView::outcome);
    }

    /** One outcome in outside terms. */
    public static String outcome(Outcome o) {
        return o.kind() == Outcome.Kind.DATA ? "DATA(#" + o.value() + ", " + o.size() + "B)" : o.toString();
    }

    /**
     * The shape of a difference, to tell kinds of differences apart in signatures: the operation
     * and, for each side, its own outcome kind and the distinct kinds it settled, e.g.
     * {@code next: model PENDING / subject WAIT} or {@code detach: model DONE settles ACCEPTED,DATA /
     * subject DONE settles DONE,FAILED}.
     */
    public static String shape(Op op, Observation model, Observation subject) {
        return op.kind() + ": model " + kinds(model) + " / subject " + kinds(subject);
    }

    private static String kinds(Observation o) {
        if (o.thrown() != null) {
            return "throws " + o.thrown().type();
        }
        if (o.reply() == null) {
            return "attached";
        }
        java.util.SortedSet<String> settled = new java.util.TreeSet<>();
        for (Settlement s : o.reply().settlements()) {
            settled.add(s.outcome().kind().name());
        }
        return o.reply().outcome().kind().name() + (settled.isEmpty() ? "" : " settles " + String.join(",", settled));
    }
}
