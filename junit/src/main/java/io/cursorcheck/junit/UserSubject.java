package io.cursorcheck.junit;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.spi.Algorithm;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Options;
import java.util.function.Function;

/**
 * The user's factory as the suite's subject: every broadcast it makes is checked non-null, and a
 * factory that throws is named ({@link BroadcastFactoryException}) rather than blamed on the broadcast.
 */
final class UserSubject implements BroadcastFactory {

    private final String name;
    private final Function<Options, ? extends Broadcast> factory;
    private final Algorithm algorithm;

    UserSubject(String name, Function<Options, ? extends Broadcast> factory, Algorithm algorithm) {
        this.name = name;
        this.factory = factory;
        this.algorithm = algorithm;
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
