package io.cursorcheck.cli;

import io.cursorcheck.campaign.ExploreBoundCommand;
import io.cursorcheck.campaign.ExplorePart;
import io.cursorcheck.campaign.Part;
import io.cursorcheck.campaign.Profile;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.explore.Scope;
import io.cursorcheck.spi.Policy;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/cursorcheck explore}: exhaustive breadth-first exploration, of every variant and
 * control at a fixed bound, or of one variant at any bound.
 */
@Command(
        name = "explore",
        sortOptions = false,
        sortSynopsis = false,
        description = "exhaustive breadth-first"
                + " exploration; without --variant, every conforming variant under every policy at"
                + " the gate's bound (--deep: the deep bound of campaign --full) and the writer-paths bound (abort, drain, spoil, writev, endSync"
                + " with every other operation, 2 consumers, 7 deep; --deep: 8, then cached-count and cached-count-corrected"
                + " at the reach, 4 consumers, 14 deep), and every negative control at its shortest"
                + " failure within the gate's bound and the writer-paths bound 8 deep, writing reports/<run>/explore.md; with"
                + " --variant, any bound, a line of"
                + " progress per depth, every failure written as a shortest counterexample, and reports/<run>/explore-NAME.md;"
                + " exit 1 if a bound does not hold or a control escapes")
final class ExploreCli extends CliCommand {

    @Option(
            names = "--deep",
            description = "every variant at the deep bound of campaign --full instead of the gate's, then the reach")
    boolean deep;

    /** Threads expanding each level; the results are the same whatever the count, only the time changes. */
    @picocli.CommandLine.Mixin
    ThreadsOption threadsOption;

    @ArgGroup(exclusive = false)
    Bound bound;

    /** One variant at a chosen bound: the bound's options need the variant. */
    static final class Bound {
        @Option(
                names = "--variant",
                required = true,
                paramLabel = "NAME",
                converter = Converters.Subject.class,
                description = "the variant or mutant to explore")
        BroadcastFactory subject;

        @Option(names = "--consumers", paramLabel = "N", defaultValue = "2", description = "attaches in all")
        @Range(min = 1, max = 100)
        int consumers;

        @Option(names = "--depth", paramLabel = "D", defaultValue = "10", description = "operations deep")
        @Range(min = 1, max = 1_000)
        int depth;

        @Option(
                names = "--policy",
                paramLabel = "P",
                converter = Converters.PolicyName.class,
                completionCandidates = Converters.PolicyNames.class,
                description = "one policy: ${COMPLETION-CANDIDATES} (default: each in turn)")
        Policy policy;

        @Option(names = "--budget", paramLabel = "B", defaultValue = "2", description = "the byte budget")
        @Range(min = 1, max = 1_000_000_000)
        long budget;

        @Option(
                names = "--sizes",
                paramLabel = "S",
                split = ",",
                defaultValue = "0,1,2",
                description = "the entry sizes writes use, separated by commas")
        @Range(min = 0, max = 1_000_000_000)
        List<Integer> sizes;

        @Option(
                names = "--writer-paths",
                description =
                        "also the writer's further paths: drain, endSync, writev"
                                + " and writevSync (no chunk; two of 1), abort of each pending operation, spoil of each spoilable write")
        boolean writerPaths;

        @Option(
                names = "--keying",
                paramLabel = "K",
                converter = Converters.KeyingName.class,
                defaultValue = "symmetric",
                description =
                        "how the explorer recognises states: binary (the exact binary key, consumers by id) or"
                                + " symmetric (the same, consumers renamed by the model's attach order); default: ${DEFAULT-VALUE}")
        io.cursorcheck.properties.explore.Keying keying;

        @Option(
                names = "--limit",
                paramLabel = "N",
                defaultValue = "20_000_000",
                description = "stop, incomplete, beyond N distinct states")
        @Range(min = 1, max = Long.MAX_VALUE)
        long limit;
    }

    @Override
    int run() throws Exception {
        if (deep && bound != null) {
            throw new UsageError("--deep explores every variant at the deep bound of campaign --full; with --variant "
                    + bound.subject.id() + ", give the bound itself (--consumers, --depth, ...)");
        }
        Integer threads = threadsOption.threads;
        int count = threadsOption.orOnePerCore();
        if (bound == null) {
            String command = "bin/cursorcheck explore" + (deep ? " --deep" : "")
                    + (threads == null ? "" : " --threads " + threads);
            Part.Verdict v = new ExplorePart(
                            deep ? Profile.FULL.exploreBounds() : List.of(Scope::gate, Scope::writerPaths),
                            deep ? Profile.FULL.reachBounds() : List.of(),
                            count,
                            command)
                    .runAlone(out, command);
            out.println((v.passed() ? "explore passed: " : "explore FAILED: ") + v.summary());
            v.problems().forEach(p -> out.println("  PROBLEM: " + p));
            return v.passed() ? 0 : 1;
        }
        Bound a = bound;
        BroadcastFactory subject = a.subject;
        List<Policy> policies = a.policy != null ? List.of(a.policy) : List.of(Policy.values());
        for (Policy p : policies) { // checked before anything runs: a scope the library refuses is a usage error
            try {
                new Scope(p, a.budget, a.sizes, a.consumers, a.depth, a.writerPaths);
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
        String command = "bin/cursorcheck explore " + String.join(" ", words());
        Part.Verdict v = new ExploreBoundCommand(
                        subject,
                        policies,
                        a.budget,
                        a.sizes,
                        a.consumers,
                        a.depth,
                        a.writerPaths,
                        a.limit,
                        count,
                        a.keying,
                        command)
                .runAlone(out, command);
        return v.passed() ? 0 : 1;
    }
}
