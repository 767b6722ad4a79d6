package io.cursorcheck.properties.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.cursorcheck.model.ScanningModel;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.Variant;
import io.cursorcheck.properties.engine.key.StateKeyBuilder;
import io.cursorcheck.spi.Broadcast;
import io.cursorcheck.spi.Forkable;
import io.cursorcheck.spi.KeyWriter;
import io.cursorcheck.spi.Options;
import io.cursorcheck.spi.Policy;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/**
 * The symmetric key renames consumers only when both sides write them through the key writer; a subject
 * that names them elsewhere (a {@link Forkable} that writes its whole state as one text, and keeps the SPI's
 * default {@code namesConsumersThroughWriter}) turns the renaming off, and the explorer's result says so instead of naming a symmetry it did not
 * apply. The control: a variant that writes its consumers through the writer is reported as plainly symmetric.
 */
class SymmetryOffTest {

    private static final Scope SCOPE = Scope.gate(Policy.STRICT).withDepth(6);

    /**
     * The model behind a proxy that writes the model's key as one text (consumers inside it, where no renaming
     * reaches) and keeps the SPI's default {@code namesConsumersThroughWriter}.
     */
    private static Broadcast textKeyed(Forkable target) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().equals("writeKey")) {
                ((KeyWriter) args[0]).text(StateKeyBuilder.keyOf(target).toString());
                return null;
            }
            if (method.getName().equals("namesConsumersThroughWriter")) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            if (method.getName().equals("fork")) {
                Forkable.Fork f = target.fork();
                return new Forkable.Fork((Forkable) textKeyed(f.broadcast()), f.handles());
            }
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause(); // what the model threw, as it threw it
            }
        };
        return (Broadcast) Proxy.newProxyInstance(
                SymmetryOffTest.class.getClassLoader(), new Class<?>[] {Broadcast.class, Forkable.class}, handler);
    }

    private static final BroadcastFactory TEXT_KEYED = new BroadcastFactory() {
        @Override
        public String id() {
            return "text-keyed-model";
        }

        @Override
        public String description() {
            return "the model behind a Forkable that writes its key as one text";
        }

        @Override
        public Broadcast create(Options options) {
            return textKeyed(new ScanningModel(options));
        }
    };

    @Test
    void aSubjectThatDoesNotNameConsumersThroughTheWriterIsReportedWithRenamingOff() {
        Explorer.Result symmetric = Explorer.explore(
                TEXT_KEYED, SCOPE, ExploreSettings.of(1_000_000).withKeying(Keying.SYMMETRIC), null);
        Explorer.Result binary = Explorer.explore(
                TEXT_KEYED, SCOPE, ExploreSettings.of(1_000_000).withKeying(Keying.BINARY), null);
        assertThat(symmetric.holds()).isTrue();
        assertThat(symmetric.keyName())
                .isEqualTo("symmetric (renaming off: text-keyed-model does not name its"
                        + " consumers through the key writer)");
        assertThat(symmetric.states()).as("renaming off is the binary key").isEqualTo(binary.states());
    }

    @Test
    void aVariantThatNamesConsumersThroughTheWriterIsReportedSymmetric() {
        Explorer.Result r = Explorer.explore(
                Variant.CACHED_COUNT, SCOPE, ExploreSettings.of(1_000_000).withKeying(Keying.SYMMETRIC), null);
        assertThat(r.keyName()).isEqualTo("symmetric");
    }
}
