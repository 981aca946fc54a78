package dev.nbc.core.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * Operations started together, kept as the rule that runs them: first the {@code local}
 * operations (reductions, copies, the check's signatures) in order, then the {@code communication}
 * (sends and receives) posted in order; the next round starts when all of them have completed.
 * So a reduction sits in the round after the receive it needs, and a send may read what a
 * reduction of the same round wrote. The engine, the simulator and the test interpreter read the
 * two lists; none of them sorts a round itself.
 */
public record Round(List<Operation> local, List<Operation> communication) {
    public Round {
        local = List.copyOf(local);
        communication = List.copyOf(communication);
        for (Operation operation : local) {
            if (!operation.isLocal()) {
                throw new IllegalArgumentException("local: " + operation + " is communication");
            }
        }
        for (Operation operation : communication) {
            if (operation.isLocal()) {
                throw new IllegalArgumentException("communication: " + operation + " is a local operation");
            }
        }
    }

    /** The round of {@code operations}, in any mix: each kind keeps its order. */
    public static Round of(List<Operation> operations) {
        List<Operation> local = new ArrayList<>();
        List<Operation> communication = new ArrayList<>();
        for (Operation operation : operations) {
            (operation.isLocal() ? local : communication).add(operation);
        }
        return new Round(local, communication);
    }

    /** Every operation in the order they run: the local ones, then the communication. */
    public List<Operation> operations() {
        List<Operation> all = new ArrayList<>(local);
        all.addAll(communication);
        return all;
    }
}
