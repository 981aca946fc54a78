package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Capability;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Netgauge's pattern framework (paper section 2.1): "a name for the pattern, a short description,
 * the requirement flags and a benchmark function". The netgauge command checks that the chosen
 * module has every required capability before anything runs.
 */
public interface Pattern {

    /**
     * What the paper's pattern interface holds besides its function: a name for the command line
     * ("1:n"), a description for --list, the module capabilities it needs, and the fewest ranks it
     * runs on.
     */
    record Info(String name, String description, Set<Capability> requires, int minRanks) {
        public Info {
            requires = Capability.ordered(requires);
        }
    }

    Info info();

    default String name() {
        return info().name();
    }

    default String description() {
        return info().description();
    }

    default Set<Capability> requires() {
        return info().requires();
    }

    default int minRanks() {
        return info().minRanks();
    }

    /** Its own options, a picocli-annotated object with option names no other pattern uses, or empty. */
    default Optional<Object> options() {
        return Optional.empty();
    }

    /**
     * The benchmark function, on every rank of the group: returns the result rows on rank 0
     * ({@link NetgaugeRow}), an empty list elsewhere.
     */
    List<NetgaugeRow> run(PatternRun run) throws Exception;
}
