package dev.nbc.models.selection;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.LogGPParameters;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What {@link ModelAdvisor} chose for a call, and why: every candidate's simulated time on the
 * parameters it used; the chosen one is the least, or one within {@link ModelAdvisor#TIE} of it
 * that costs the ranks less CPU (then fewer operations; then the first, in the enum's order).
 *
 * @param candidates every algorithm that can run the call, with its simulated time, in the enum's order
 */
public record AlgorithmChoice(Collective collective, int processes, int count, DataType type, LogGPParameters parameters,
                              Algorithm chosen, List<Candidate> candidates) {

    /** One candidate and its simulated time (ns, the last rank's finish). */
    public record Candidate(Algorithm algorithm, double nanos) {
    }

    public AlgorithmChoice {
        candidates = List.copyOf(candidates);
    }

    /** The chosen algorithm's simulated time, ns. */
    public double chosenNanos() {
        return candidates.stream().filter(c -> c.algorithm().equals(chosen)).findFirst().orElseThrow().nanos();
    }

    /** "allreduce P=4 8192 x DOUBLE: ring, simulated 41.2 us (recursive_doubling 55.0, reduce_bcast 80.3, ...) on L=..". */
    public String why() {
        String others = candidates.stream().filter(c -> !c.algorithm().equals(chosen))
                .map(c -> String.format(Locale.ROOT, "%s %.1f", label(c.algorithm()), c.nanos() / 1e3))
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "%s P=%d %d x %s: %s, simulated %.1f us%s on L=%.0f o=%.0f g=%.0f ns G=%.4f gamma=%.4f ns/B",
                collective.label(), processes, count, type, label(chosen), chosenNanos() / 1e3,
                others.isEmpty() ? " (the only candidate)" : " (" + others + " us)",
                parameters.L(), parameters.o(), parameters.g(), parameters.G(), parameters.gamma());
    }

    private static String label(Algorithm a) {
        return a.name().toLowerCase(Locale.ROOT);
    }
}
