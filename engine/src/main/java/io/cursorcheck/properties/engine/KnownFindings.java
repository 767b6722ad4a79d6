package io.cursorcheck.properties.engine;

import io.cursorcheck.spi.Algorithm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The findings against the model (and so against the algorithm of {@code docs/spec.md}) that we know of, each kept in
 * {@code reports/findings/<name>/} with its counterexample and an explanation. A random run
 * expects exactly these: a finding with another signature is new and fails the run.
 */
public final class KnownFindings {

    /**
     * One known finding.
     *
     * @param name           its directory name
     * @param directory      its directory
     * @param counterexample what its counterexample file holds
     */
    public record Finding(String name, Path directory, Counterexample.Stored counterexample) {
        /** The failure signature it is known by. */
        public String signature() {
            return counterexample.signature();
        }
    }

    private final List<Finding> findings;

    private KnownFindings(List<Finding> findings) {
        this.findings = List.copyOf(findings);
    }

    /** Loads every {@code reports/findings/<name>/counterexample.json} under {@code root}. */
    public static KnownFindings load(Path root) {
        Path dir = root.resolve("reports/findings");
        List<Finding> found = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> dirs = Files.list(dir)) {
                for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
                    Path file = d.resolve("counterexample.json");
                    if (Files.isRegularFile(file)) {
                        found.add(new Finding(d.getFileName().toString(), d, Counterexample.read(file)));
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the known findings in " + dir, e);
            }
        }
        return new KnownFindings(found);
    }

    /** All known findings, by name. */
    public List<Finding> all() {
        return findings;
    }

    /**
     * The known finding with this failure signature, or null. The findings are against spec §2: under
     * the corrected algorithm (§8) none is known, so a failure there is always new.
     *
     * @param failure   a failure against the model
     * @param algorithm the algorithm of the subject that was checked, and so of its model
     */
    public Finding matching(Failure failure, Algorithm algorithm) {
        if (algorithm == Algorithm.CORRECTED) {
            return null;
        }
        for (Finding f : findings) {
            if (failure.signature().equals(f.signature())) {
                return f;
            }
        }
        return null;
    }
}
