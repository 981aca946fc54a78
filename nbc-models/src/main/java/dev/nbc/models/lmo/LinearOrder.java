package dev.nbc.models.lmo;

import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The order in which nbc's linear scatter and gather reach the other ranks from a root: the peers
 * of the root's sends (scatter) or receives (gather) as its own schedule posts them. The LMO
 * compositions and the sweeps that time the two collectives take their order from here, so they
 * follow the algorithm as it is built, whatever the root (the root's n - 1 messages in rank
 * order 0 ... n - 1, the root left out, not counted from the root onwards).
 */
public final class LinearOrder {
    private LinearOrder() {
    }

    /** The ranks {@code root}'s linear scatter sends to, in the order it posts the sends. */
    public static int[] scatter(int root, int n) {
        return peers(ScatterAlgorithm.LINEAR.build(root, n, root, 1, DataType.BYTE, false), n);
    }

    /** The ranks {@code root}'s linear gather receives from, in the order it posts the receives. */
    public static int[] gather(int root, int n) {
        return peers(GatherAlgorithm.LINEAR.build(root, n, root, 1, DataType.BYTE, false), n);
    }

    private static int[] peers(Schedule schedule, int n) {
        IntStream.Builder peers = IntStream.builder();
        for (Round round : schedule.rounds()) {
            for (Operation operation : round.communication()) {
                // a round's communication holds only sends and receives (Round)
                peers.add(operation instanceof Operation.Send send ? send.peer() : ((Operation.Receive) operation).peer());
            }
        }
        int[] order = peers.build().toArray();
        if (order.length != n - 1) {
            throw new IllegalStateException("schedule: a linear root reaches the other " + (n - 1) + " ranks once each, but "
                    + schedule + " has " + order.length + " messages: " + Arrays.toString(order));
        }
        return order;
    }
}
