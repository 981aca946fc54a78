package dev.nbc.core.schedule;

import java.util.List;

/**
 * Operations started together. The engine runs a round's local operations (reductions, copies) in
 * order first, then posts its sends and receives in order; the next round starts when all of them
 * have completed. So a reduction sits in the round after the receive it needs, and a send may read
 * what a reduction of the same round wrote.
 */
public record Round(List<Operation> operations) {
    public Round {
        operations = List.copyOf(operations);
    }
}
