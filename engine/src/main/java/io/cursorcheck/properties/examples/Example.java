package io.cursorcheck.properties.examples;

import io.cursorcheck.properties.BroadcastFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * One hand-written example of the catalogue: a fixed scenario with the answers and states spec §2 gives at
 * every step, run on a fresh broadcast of a subject.
 *
 * @param name   {@code Class.method}, e.g. {@code TrimmingExamples.theSlowestConsumerDetaching}
 * @param method the example: a public static method taking the subject
 */
public record Example(String name, Method method) {

    /**
     * Runs the example on {@code subject}.
     *
     * @param subject the subject
     * @throws AssertionError if the subject fails it: the message starts with the example's name, then the
     *                        step (the script so far), what was expected and what was found
     */
    public void run(BroadcastFactory subject) {
        try {
            method.invoke(null, subject);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof AssertionError failed) {
                throw new AssertionError(
                        "example " + name + " fails on " + subject.id() + ": " + failed.getMessage(),
                        failed.getCause());
            }
            if (cause instanceof RuntimeException crash) {
                throw new IllegalStateException(
                        "example " + name + " crashed on " + subject.id() + ": " + crash, crash);
            }
            throw new IllegalStateException("example " + name + " crashed on " + subject.id(), cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("example " + name + " is not a public static method", e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
