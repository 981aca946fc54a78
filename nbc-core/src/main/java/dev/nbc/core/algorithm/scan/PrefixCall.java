package dev.nbc.core.algorithm.scan;

import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.CollectiveArguments;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.internal.SameSizeBuffers;
import dev.nbc.core.internal.ScheduleKey;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Schedule;

import java.nio.ByteBuffer;

/** The call of a scan or an exscan, whose arguments follow the same rules: one home for both. */
final class PrefixCall {
    private PrefixCall() {
    }

    /** A scan or exscan algorithm's build. */
    @FunctionalInterface
    interface Build {
        Schedule build(int rank, int size, int count, DataType type, ReduceOp op, boolean inPlace);
    }

    /** In place where {@code sendBuffer} is null or the same memory as {@code receiveBuffer}. */
    static PlannedCall plan(Communicator comm, String name, Algorithm chosen, Build build, ByteBuffer sendBuffer,
                            ByteBuffer receiveBuffer, int count, DataType type, ReduceOp op) {
        CollectiveArguments.checkReduction(count, type, op);
        SameSizeBuffers buffers = SameSizeBuffers.of(sendBuffer, receiveBuffer, count, type);
        int rank = comm.rank();
        int size = comm.size();
        boolean inPlace = buffers.inPlace();
        return new PlannedCall(new ScheduleKey(chosen, -1, count, type, op, inPlace, 0),
                () -> build.build(rank, size, count, type, op, inPlace), buffers.input(), buffers.output(),
                () -> name + " " + count + " x " + type + " " + op.name());
    }
}
