package io.cursorcheck.junit;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.util.function.Function;

/**
 * The user's factory as the suite's subject: every broadcast it makes is checked non-null, and a
 * factory that throws is named ({@link BroadcastFactoryException}) rather than blamed on the broadcast,
 * except for the {@link IllegalArgumentException} with which it refuses null options: that refusal is
 * spec §1's answer, which an example checks.
 */
final class UserSubject implements BroadcastFactory {

    private final String name;
    private final Function<Options, ? extends Broadcast> factory;
    private final Algorithm algorithm;
    private final String testClass;

    UserSubject(String name, Function<Options, ? extends Broadcast> factory, Algorithm algorithm, String testClass) {
        this.name = name;
        this.factory = factory;
        this.algorithm = algorithm;
        this.testClass = testClass;
    }

    /** The user's test class: the pages of this subject say how to replay and keep a failure in the user's build. */
    @Override
    public String entryPointTest() {
        return testClass;
    }

    @Override
    public String id() {
        return name;
    }

    @Override
    public String description() {
        return "the project's own broadcast '" + name + "', checked through cursorcheck-junit";
    }

    @Override
    public Broadcast create(Options options) {
        Broadcast made;
        try {
            made = factory.apply(options);
        } catch (IllegalArgumentException e) {
            if (options == null) {
                throw e; // spec §1: a broadcast made without options is refused; this refusal is the answer checked
            }
            throw new BroadcastFactoryException(name, options, e);
        } catch (RuntimeException e) {
            throw new BroadcastFactoryException(name, options, e);
        }
        if (made == null) {
            throw new BroadcastFactoryException(name, options);
        }
        return made;
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }
}
