package dev.nbc.harness.ranks.net;

import dev.nbc.core.Buffers;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.tcp.TcpTransport;
import dev.nbc.harness.ranks.CoreBinding;
import dev.nbc.harness.ranks.InProcessRanks;
import dev.nbc.harness.ranks.Session;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions over TCP meshes whose addresses travel over the control plane (here in-process ranks' own, on loopback). */
class TcpSessionsTest {
    private static final TcpSessions LOOPBACK = new TcpSessions(InetAddress.getLoopbackAddress(), Duration.ofSeconds(30));

    @Test
    void consecutiveSessionsEachGetAMeshOfTheirOwn() {
        int p = 3;
        List<Double> sums = new InProcessRanks(p, null, Duration.ofMinutes(2), CoreBinding.NONE).run(p, env -> {
            double[] got = new double[2];
            for (int s = 0; s < got.length; s++) {
                TcpTransport transport = LOOPBACK.open(env.control());
                assertEquals(env.rank(), transport.rank());
                assertEquals(p, transport.size());
                try (Session session = Session.open(transport, ProgressMode.THREAD, CollectiveCheck.OFF)) {
                    ByteBuffer value = Buffers.allocate(1, DataType.DOUBLE);
                    value.putDouble(0, (s + 1) * (env.rank() + 1));
                    session.comm().allreduce(null, value, 1, DataType.DOUBLE, ReduceOp.SUM);
                    got[s] = value.getDouble(0);
                }
                assertTrue(transport.isClosed(), "closing the session closes its mesh");
            }
            return List.of(got[0], got[1]);
        });
        assertEquals(List.of(6.0, 12.0), sums);
    }

    @Test
    void theNameIsTcpAndArgumentsAreChecked() {
        assertEquals("tcp", LOOPBACK.name());
        IllegalArgumentException noAddress = assertThrows(IllegalArgumentException.class, () -> new TcpSessions(null, Duration.ofSeconds(1)));
        assertTrue(noAddress.getMessage().startsWith("address: must not be null"), noAddress.getMessage());
        IllegalArgumentException noTime = assertThrows(IllegalArgumentException.class,
                () -> new TcpSessions(InetAddress.getLoopbackAddress(), Duration.ZERO));
        assertTrue(noTime.getMessage().startsWith("connectTimeout: must be positive"), noTime.getMessage());
    }
}
