package dev.nbc.core.algorithm;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;

/**
 * Chooses a collective's algorithm from something better than {@link AlgorithmSelector}'s size
 * thresholds: nbc-models' {@code ModelAdvisor} simulates every candidate's schedules on LogGP
 * parameters measured on the machine and advises the fastest. Set with
 * {@link AlgorithmSelector#withAdvisor}; an algorithm fixed with {@code withBcast} or
 * {@code withAllreduce} still wins.
 *
 * <p>Every rank of a communicator must receive the same advice for the same call, or their
 * schedules do not match: an advisor must be a function of its arguments (the same model file on
 * every rank). It is asked at every start of a collective that is not persistent, so it should
 * remember its answers.
 */
@FunctionalInterface
public interface AlgorithmAdvisor {

    /**
     * The algorithm for a call of {@code collective} whose blocks hold {@code count} elements of
     * {@code type} on {@code size} ranks, one of {@link AlgorithmSelector#candidates}; or null to
     * leave the choice to the thresholds.
     *
     * @param op the reduction's operation; ignored by the collectives that reduce nothing
     */
    Algorithm advise(Collective collective, int count, DataType type, int size, ReduceOp op);
}
