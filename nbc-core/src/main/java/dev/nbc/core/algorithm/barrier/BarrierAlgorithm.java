package dev.nbc.core.algorithm.barrier;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;

/** The ways to build a barrier. */
public enum BarrierAlgorithm implements Algorithm {
    /** Dissemination: ceil(log2 P) rounds, the algorithm of the paper's equation (1). */
    DISSEMINATION;

    @Override
    public Collective collective() {
        return Collective.BARRIER;
    }

    public Schedule build(int rank, int size) {
        return DisseminationBarrier.build(rank, size);
    }
}
