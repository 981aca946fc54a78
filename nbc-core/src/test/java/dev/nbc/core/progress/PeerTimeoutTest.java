package dev.nbc.core.progress;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PeerTimeoutTest {

    @Test
    void valuesAreSecondsOrCarryTheirUnit() {
        assertEquals(Duration.ofSeconds(60), PeerTimeout.parse("60"));
        assertEquals(Duration.ofMillis(1500), PeerTimeout.parse(" 1.5s "));
        assertEquals(Duration.ofMillis(500), PeerTimeout.parse("500ms"));
        assertEquals(Duration.ofMinutes(2), PeerTimeout.parse("2min"));
        assertEquals(Duration.ZERO, PeerTimeout.parse("0"));
        assertEquals(Duration.ZERO, PeerTimeout.parse("OFF"));
        assertEquals("60 s", PeerTimeout.describe(Duration.ofSeconds(60).toNanos()));
        assertEquals("1.5 s", PeerTimeout.describe(Duration.ofMillis(1500).toNanos()));
        assertEquals("250 ms", PeerTimeout.describe(Duration.ofMillis(250).toNanos()));
    }

    @Test
    void aBadValueNamesTheSettingAndTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PeerTimeout.parse("-5"));
        assertEquals("nbc.peer.timeout / NBC_PEER_TIMEOUT: must be a duration such as 60, 90s, 500ms or 2min (0 or off: no timeout),"
                + " but was '-5'", e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PeerTimeout.parse("2days")).getMessage()
                .contains("but was '2days'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PeerTimeout.parse("100000min")).getMessage()
                .contains("at most one day"));
    }

    @Test
    void anEngineTakesItsTimeoutFromTheEnvironmentAndAnother() {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            assertEquals(PeerTimeout.fromEnvironment(), engine.peerTimeout());
            engine.setPeerTimeout(Duration.ofSeconds(5));
            assertEquals(Duration.ofSeconds(5), engine.peerTimeout());
            assertTrue(assertThrows(IllegalArgumentException.class, () -> engine.setPeerTimeout(Duration.ofSeconds(-1)))
                    .getMessage().startsWith("timeout:"));
        }
    }

    @ParameterizedTest
    @EnumSource(ProgressPolicy.class)
    @Timeout(60)
    void aPeerThatNeverCallsFailsTheCollectiveNamingIt(ProgressPolicy policy) throws Exception {
        try (ProgressEngine engine = ProgressEngine.start(policy); InProcessWorld world = new InProcessWorld(3)) {
            engine.setErrorPolicy(ErrorPolicy.RETURN);
            engine.setPeerTimeout(Duration.ofMillis(300));
            // ranks 0 and 1 reduce; rank 2 (the lost one) never calls, so its neighbours wait for it
            Communicator comm = Communicator.create(engine, world.transport(0), CollectiveCheck.OFF);
            ByteBuffer in = Buffers.allocate(4, DataType.INT);
            Request lonely = comm.iallreduce(in, Buffers.allocate(4, DataType.INT), 4, DataType.INT, ReduceOp.SUM);
            long start = System.nanoTime();
            NbcException e = assertThrows(NbcException.class, () -> {
                while (!lonely.test()) {
                    Thread.sleep(1); // an application that tests now and then
                }
            });
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 20, "the collective failed only after " + seconds + " s");
            PeerLostException lost = assertInstanceOf(PeerLostException.class, e.getCause());
            assertTrue(lost.peer() == 1 || lost.peer() == 2, "waits for rank " + lost.peer());
            assertTrue(e.getMessage().contains("no progress for") && e.getMessage().contains("rank " + lost.peer())
                    && e.getMessage().contains("NBC_PEER_TIMEOUT is 300 ms"), e.getMessage());
        }
    }

    @Test
    void aSlowPeerWithinTheTimeoutIsNoLostPeer() throws Exception {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
             InProcessWorld world = new InProcessWorld(2)) {
            engine.setErrorPolicy(ErrorPolicy.RETURN);
            engine.setPeerTimeout(Duration.ofSeconds(30));
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);
                if (rank == 1) {
                    Thread.sleep(400);
                }
                ByteBuffer sum = Buffers.allocate(4, DataType.INT);
                comm.iallreduce(Buffers.allocate(4, DataType.INT), sum, 4, DataType.INT, ReduceOp.SUM).await();
            });
        }
    }

    @Test
    void withoutATimeoutAWaitForAPeerIsNotCutShort() throws Exception {
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
             InProcessWorld world = new InProcessWorld(2)) {
            engine.setErrorPolicy(ErrorPolicy.RETURN);
            engine.setPeerTimeout(Duration.ZERO);
            Communicator comm = Communicator.create(engine, world.transport(0), CollectiveCheck.OFF);
            Request waiting = comm.ibarrier();
            assertFalse(waiting.await(500, TimeUnit.MILLISECONDS));
        }
    }
}
