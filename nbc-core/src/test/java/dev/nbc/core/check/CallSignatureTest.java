package dev.nbc.core.check;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CallSignatureTest {

    private static CallSignature roundTrip(CallSignature signature) {
        ByteBuffer record = ByteBuffer.allocateDirect(CallSignature.BYTES + 8);
        signature.writeTo(record, 8);
        return CallSignature.readFrom(record, 8);
    }

    @Test
    void aRecordReadsBackAsTheSignatureWritten() {
        CallSignature bcast = CallSignature.of(BcastAlgorithm.PIPELINED_CHAIN.build(1, 4, 2, 1000, DataType.FLOAT, 4096), 4096, 7);
        assertEquals(bcast, roundTrip(bcast));
        CallSignature allreduce = CallSignature.of(AllreduceAlgorithm.RING.build(0, 3, 12, DataType.LONG, ReduceOp.BXOR, true), 0,
                Long.MAX_VALUE);
        assertEquals(allreduce, roundTrip(allreduce));
        CallSignature closing = CallSignature.closing(3);
        assertEquals(closing, roundTrip(closing));
    }

    @Test
    void callsAreDescribedAsTheUserWroteThem() {
        assertEquals("ibcast(root=2, count=1000, FLOAT) #7",
                CallSignature.of(BcastAlgorithm.BINOMIAL.build(1, 4, 2, 1000, DataType.FLOAT, 0), 0, 7).describe(false));
        assertEquals("ibcast(root=2, count=1000, FLOAT; PIPELINED_CHAIN in 4096 B segments) #7",
                CallSignature.of(BcastAlgorithm.PIPELINED_CHAIN.build(1, 4, 2, 1000, DataType.FLOAT, 4096), 4096, 7).describe(true));
        assertEquals("iallreduce(count=12, LONG, BXOR; RING) #0",
                CallSignature.of(AllreduceAlgorithm.RING.build(0, 3, 12, DataType.LONG, ReduceOp.BXOR, true), 0, 0).describe(true));
        assertEquals("ibarrier(DISSEMINATION) #4", CallSignature.of(BarrierAlgorithm.DISSEMINATION.build(0, 2), 0, 4).describe(true));
        assertEquals("ibarrier() #4", CallSignature.of(BarrierAlgorithm.DISSEMINATION.build(0, 2), 0, 4).describe(false));
        assertEquals("close() #9", CallSignature.closing(9).describe(true));
    }

    @Test
    void longOperationNamesAreCutButStillToldApart() {
        String stem = "a user operation with a name longer than its field";
        CallSignature first = new CallSignature(dev.nbc.core.schedule.Collective.ALLREDUCE, false, "RING", -1, 1,
                DataType.INT, stem + " (one)", 0, 0);
        CallSignature second = new CallSignature(dev.nbc.core.schedule.Collective.ALLREDUCE, false, "RING", -1, 1,
                DataType.INT, stem + " (two)", 0, 0);
        ByteBuffer records = ByteBuffer.allocateDirect(2 * CallSignature.BYTES);
        first.writeTo(records, 0);
        second.writeTo(records, CallSignature.BYTES);
        assertNotEquals(records.slice(0, CallSignature.BYTES), records.slice(CallSignature.BYTES, CallSignature.BYTES));
    }

    @Test
    void bytesThatAreNoSignatureReadAsNull() {
        assertNull(CallSignature.readFrom(ByteBuffer.allocateDirect(CallSignature.BYTES), 0));
    }
}
