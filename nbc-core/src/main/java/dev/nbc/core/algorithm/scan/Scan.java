package dev.nbc.core.algorithm.scan;

import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.CollectiveDefinition.Blocks;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.PlannedCall;

import java.nio.ByteBuffer;

/**
 * The scan (MPI_Iscan): rank r gets x0 op ... op xr of every rank's {@code count} elements, in
 * rank order. Its argument rules are the exscan's ({@link PrefixCall}).
 */
public final class Scan {
    public static final CollectiveDefinition<ScanAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(ScanAlgorithm.class, Blocks.ONE, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.scan(size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, op, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, count, type, op, false));

    private Scan() {
    }

    /**
     * Rank r's {@code receiveBuffer} gets x0 op x1 op ... op xr of every rank's {@code count}
     * elements, in rank order (MPI_Scan). {@code sendBuffer} null, or the same memory as
     * {@code receiveBuffer}, means in place.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   ReduceOp op, ScanAlgorithm algorithm) {
        ScanAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, comm.size(), op);
        return PrefixCall.plan(comm, "ISCAN", chosen, chosen::build, sendBuffer, receiveBuffer, count, type, op);
    }
}
