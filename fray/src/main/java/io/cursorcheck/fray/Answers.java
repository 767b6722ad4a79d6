package io.cursorcheck.fray;

import io.cursorcheck.properties.RaceOutcomes;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Outcome;
import io.cursorcheck.spi.Reply;
import java.util.function.Supplier;

/**
 * The tokens the jcstress tests grade and the invariant check they run once the actors are done: properties'
 * {@link RaceOutcomes}, shared with {@code stress/}, so a Fray outcome reads like a row of their tables; plus
 * the logging of each call into the scene's {@link Trace}. Stateless.
 */
public final class Answers {

    private Answers() {}

    /** An outcome as a token ({@link RaceOutcomes#token}): {@code e0/7} (entry 0 of 7 bytes), {@code done} ... */
    public static String token(Outcome o) {
        return RaceOutcomes.token(o);
    }

    /**
     * Runs an operation of the subject and logs it; its outcome token, or {@code threw-<Exception>}
     * if the subject threw (an answer the spec does not allow, which the allowed outcomes exclude).
     */
    public static String call(Trace trace, String operation, Supplier<Reply> call) {
        String answer;
        Reply reply = null;
        try {
            reply = call.get();
            answer = token(reply.outcome());
        } catch (RuntimeException e) {
            answer = RaceOutcomes.threw(e);
        }
        trace.log(operation, reply == null ? answer : answer + " (op " + reply.op() + ")");
        return answer;
    }

    /** What a read ended with ({@link RaceOutcomes#delivered}). */
    public static String delivered(Reply read, Reply... others) {
        return RaceOutcomes.delivered(read, others);
    }

    /** The invariants a race could break, once the actors are done ({@link RaceOutcomes#invariants}). */
    public static String invariants(Broadcast b) {
        return RaceOutcomes.invariants(b);
    }
}
