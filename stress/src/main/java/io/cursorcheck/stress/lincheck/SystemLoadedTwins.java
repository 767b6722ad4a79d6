package io.cursorcheck.stress.lincheck;

import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.mutants.Mutant;
import io.cursorcheck.properties.mutants.MutantCompiler;
import io.cursorcheck.properties.mutants.Mutants;
import io.cursorcheck.properties.mutants.SourceTree;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;

/**
 * Racy twins loaded by the system class loader, where Lincheck can find them.
 *
 * <p>Why: Lincheck 3.7 looks up the classes it instruments by name, with {@code Class.forName} from
 * its own (the system) class loader: its snapshot tracker does so on the first field access
 * ({@code SnapshotTracker.getDeclaringClass} through {@code ClassCache.forName}). A twin from
 * {@link Mutants#factory} lives in a class loader of its own, so that lookup throws
 * {@code ClassNotFoundException} and Lincheck reports "You've caught a bug in Lincheck" instead of
 * checking anything. Here the twin's classes, the same one-patch copy of the real source, are
 * written to {@code stress/target/lincheck-twins/<id>.jar}, the jar is appended to the system class
 * loader's search path through the instrumentation agent Lincheck attaches anyway (Byte Buddy's),
 * and the twin is loaded from there. Nothing to configure: it works under surefire and under a
 * plain {@code java -cp}.
 *
 * <p>Thread-safe; each twin is written and appended once per JVM.
 */
final class SystemLoadedTwins {

    private static final Map<String, BroadcastFactory> LOADED = new ConcurrentHashMap<>();

    private SystemLoadedTwins() {
    }

    /**
     * The factory of a racy twin loaded by the system class loader.
     *
     * @param id a twin of {@link Mutants#RACY_TWINS}
     * @return its factory
     * @throws IllegalArgumentException if {@code id} names no racy twin
     */
    static BroadcastFactory factory(String id) {
        Mutant m = Mutants.named(id);
        if (m == null || !Mutants.RACY_TWINS.contains(m)) {
            throw new IllegalArgumentException("no racy twin named " + id);
        }
        return LOADED.computeIfAbsent(id, unused -> load(m));
    }

    private static BroadcastFactory load(Mutant m) {
        Path jar = MutantCompiler.writeJar(m, SourceTree.root().resolve("stress/target/lincheck-twins/" + m.id()
                + ".jar"));
        try {
            // Stays open for the life of the JVM: the system class loader reads from it.
            instrumentation().appendToSystemClassLoaderSearch(new JarFile(jar.toFile()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the twin jar " + jar, e);
        }
        return MutantCompiler.factory(m, ClassLoader.getSystemClassLoader());
    }

    /**
     * The instrumentation of the agent Lincheck attaches, through {@code ByteBuddyAgent.install()}
     * (which attaches it if Lincheck has not yet, and returns the same one after). Called
     * reflectively: Byte Buddy comes with Lincheck at run time, and its classes carry SpotBugs
     * annotations that {@code -Xlint:classfile} would flag if we compiled against them.
     */
    private static Instrumentation instrumentation() {
        try {
            return (Instrumentation) Class.forName("net.bytebuddy.agent.ByteBuddyAgent").getMethod("install")
                    .invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reach Byte Buddy's agent, which Lincheck brings", e);
        }
    }
}
