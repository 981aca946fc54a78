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
 * The exscan (MPI_Iexscan): rank r gets x0 op ... op x(r-1), in rank order; rank 0's receive
 * buffer is left as it was. Its argument rules are the scan's ({@link PrefixCall}).
 */
public final class Exscan {
    public static final CollectiveDefinition<ExscanAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(ExscanAlgorithm.class, Blocks.ONE, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.exscan(size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, op, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, count, type, op, false));

    private Exscan() {
    }

    /**
     * Rank r's {@code receiveBuffer} gets x0 op ... op x(r-1), in rank order (MPI_Exscan); rank
     * 0's is left as it was (MPI defines no result there). {@code sendBuffer} null, or the same
     * memory as {@code receiveBuffer}, means in place.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   ReduceOp op, ExscanAlgorithm algorithm) {
        ExscanAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, comm.size(), op);
        return PrefixCall.plan(comm, "IEXSCAN", chosen, chosen::build, sendBuffer, receiveBuffer, count, type, op);
    }
}
