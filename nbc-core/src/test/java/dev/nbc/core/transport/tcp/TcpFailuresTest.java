package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.TransportException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static dev.nbc.core.transport.tcp.TcpTransportTest.LIMIT;
import static dev.nbc.core.transport.tcp.TcpTransportTest.awaitAll;
import static dev.nbc.core.transport.tcp.TcpTransportTest.intBuffer;
import static dev.nbc.core.transport.tcp.TcpTransportTest.random;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Broken arguments, peers that go away, revocations and set-ups that cannot complete: each fails, clearly, and nothing hangs. */
class TcpFailuresTest {
    @RegisterExtension
    final TcpGroups groups = new TcpGroups();

    /** Polls until the operation fails, and returns the failure. */
    private static TransportException failureOf(PendingOperation operation) {
        return assertThrows(TransportException.class, () -> awaitAll(operation));
    }

    // ---- arguments --------------------------------------------------------------------------

    private record Call(String argument, ByteBuffer buffer, int offset, int length, int peer, int tag, boolean receiveOnly) {
    }

    static Stream<Arguments> brokenCalls() {
        ByteBuffer good = ByteBuffer.allocateDirect(16);
        return Stream.of(
                new Call("buffer", ByteBuffer.allocate(16), 0, 4, 1, 0, false),
                new Call("buffer", null, 0, 4, 1, 0, false),
                new Call("peer", good, 0, 4, -1, 0, false),
                new Call("peer", good, 0, 4, 3, 0, false),
                new Call("length", good, 0, -1, 1, 0, false),
                new Call("offset", good, -1, 4, 1, 0, false),
                new Call("offset + length", good, 13, 4, 1, 0, false),
                new Call("tag", good, 0, 4, 1, -1, false),
                new Call("buffer", good.asReadOnlyBuffer(), 0, 4, 1, 0, true)
        ).flatMap(call -> Stream.of(Arguments.of(call, true), Arguments.of(call, false)));
    }

    @ParameterizedTest(name = "{0}, send: {1}")
    @MethodSource("brokenCalls")
    void aBrokenArgumentIsRefusedNamingItAndNothingIsSentOrPosted(Call call, boolean send) {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(3);
            TcpTransport zero = g.get(0);
            if (send && call.receiveOnly()) {
                // a read-only buffer is fine to send from
                awaitAll(zero.send(call.buffer(), call.offset(), call.length(), call.peer(), call.tag()),
                        g.get(1).receive(ByteBuffer.allocateDirect(16), 0, 16, 0, call.tag()));
                return;
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
                if (send) {
                    zero.send(call.buffer(), call.offset(), call.length(), call.peer(), call.tag());
                } else {
                    zero.receive(call.buffer(), call.offset(), call.length(), call.peer(), call.tag());
                }
            });
            assertTrue(e.getMessage().startsWith(call.argument() + ":"), e.getMessage());
            // nothing was queued or posted: the next message on the pair matches the next receive
            ByteBuffer atOne = ByteBuffer.allocateDirect(4);
            ByteBuffer atZero = ByteBuffer.allocateDirect(4);
            awaitAll(zero.send(intBuffer(77), 0, 4, 1, 0), g.get(1).receive(atOne, 0, 4, 0, 0),
                    g.get(1).send(intBuffer(78), 0, 4, 0, 0), zero.receive(atZero, 0, 4, 1, 0));
            assertEquals(77, atOne.getInt(0));
            assertEquals(78, atZero.getInt(0));
        });
    }

    @Test
    void factoryArgumentsAreCheckedNamingTheArgument() {
        InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        AddressExchange exchange = AddressExchange.inMemory(2, Duration.ofSeconds(1));
        Duration timeout = Duration.ofSeconds(1);
        assertNamed("rank", () -> TcpTransport.open(2, 2, loopback, exchange, timeout));
        assertNamed("rank", () -> TcpTransport.open(-1, 2, loopback, exchange, timeout));
        assertNamed("size", () -> TcpTransport.open(0, 0, loopback, exchange, timeout));
        assertNamed("listen", () -> TcpTransport.open(0, 2, null, exchange, timeout));
        assertNamed("exchange", () -> TcpTransport.open(0, 2, loopback, null, timeout));
        assertNamed("connectTimeout", () -> TcpTransport.open(0, 2, loopback, exchange, Duration.ZERO));
        assertNamed("connectTimeout", () -> TcpTransport.localGroup(2, null));
        assertNamed("size", () -> TcpTransport.localGroup(0));
        assertNamed("rank", () -> TcpTransport.open(2, "127.0.0.1:5000,127.0.0.1:5001", timeout));
        assertNamed("hostPorts", () -> TcpTransport.open(0, "127.0.0.1", timeout));
    }

    private static void assertNamed(String argument, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(e.getMessage().startsWith(argument + ":"), e.getMessage());
    }

    @Test
    void aClosedTransportRefusesNewOperationsAndFailsThoseItAbandoned() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            PendingOperation pending = g.get(0).receive(ByteBuffer.allocateDirect(4), 0, 4, 1, 0);
            g.get(0).close();
            assertTrue(failureOf(pending).getMessage().contains("closed"));
            assertThrows(IllegalStateException.class, () -> g.get(0).send(intBuffer(1), 0, 4, 1, 0));
            g.get(0).close(); // idempotent
        });
    }

    // ---- peers that go away -----------------------------------------------------------------

    @Test
    void aPeerThatClosesFailsThePendingReceiveFromItNamingIt() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(3);
            PendingOperation receive = g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 0);
            PendingOperation unrelated = g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 2, 0);
            assertFalse(receive.test());
            g.get(0).close();
            TransportException e = failureOf(receive);
            assertTrue(e.getMessage().contains("rank 0") && e.getMessage().contains("closed by the peer"), e.getMessage());
            // later operations with the closed peer fail at once; the other peer is unaffected
            assertTrue(failureOf(g.get(1).send(intBuffer(1), 0, 4, 0, 1)).getMessage().contains("rank 0"));
            assertTrue(failureOf(g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 1)).getMessage().contains("rank 0"));
            awaitAll(g.get(2).send(intBuffer(5), 0, 4, 1, 0), unrelated);
        });
    }

    @Test
    void messagesThatArrivedWholeBeforeThePeerClosedCanStillBeReceived() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            awaitAll(g.get(0).send(intBuffer(31), 0, 4, 1, 1), g.get(0).send(intBuffer(0), 0, 4, 1, 2),
                    g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 2));
            g.get(0).close();
            PendingOperation fails = g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 3);
            failureOf(fails);
            ByteBuffer kept = ByteBuffer.allocateDirect(4);
            awaitAll(g.get(1).receive(kept, 0, 4, 0, 1));
            assertEquals(31, kept.getInt(0));
        });
    }

    @Test
    void aPeerThatClosesFailsALargeSendStuckOnIt() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            int bytes = 64 << 20;
            PendingOperation send = g.get(0).send(ByteBuffer.allocateDirect(bytes), 0, bytes, 1, 0);
            assertFalse(send.test(), "64 MiB do not fit into the sockets' buffers");
            g.get(1).close();
            assertTrue(failureOf(send).getMessage().contains("rank 1"));
        });
    }

    @Test
    void aPeerThatClosesInTheMiddleOfAMessageFailsItsReceiveSayingSo() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            int bytes = 64 << 20;
            ByteBuffer target = ByteBuffer.allocateDirect(bytes);
            PendingOperation receive = g.get(1).receive(target, 0, bytes, 0, 0);
            PendingOperation send = g.get(0).send(ByteBuffer.allocateDirect(bytes), 0, bytes, 1, 0);
            assertFalse(send.test());
            g.get(0).close();
            TransportException e = failureOf(receive);
            assertTrue(e.getMessage().contains("middle of a message"), e.getMessage());
        });
    }

    // ---- revocation -------------------------------------------------------------------------

    @Test
    void aRevocationReachesEveryRankAndFailsPendingAndLaterOperations() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(3);
            PendingOperation atOne = g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 2, 0);
            PendingOperation atTwo = g.get(2).receive(ByteBuffer.allocateDirect(4), 0, 4, 1, 0);
            PendingOperation own = g.get(0).receive(ByteBuffer.allocateDirect(4), 0, 4, 1, 0);
            g.get(0).revoke("a reduction threw");
            g.get(0).revoke("a second reason, ignored");
            for (PendingOperation pending : new PendingOperation[]{atOne, atTwo, own}) {
                RevokedException e = assertThrows(RevokedException.class, () -> awaitAll(pending));
                assertTrue(e.getMessage().contains("rank 0 of 3") && e.getMessage().contains("a reduction threw"), e.getMessage());
            }
            for (TcpTransport transport : g) {
                RevokedException later = assertThrows(RevokedException.class,
                        () -> transport.send(intBuffer(1), 0, 4, (transport.rank() + 1) % 3, 5));
                assertTrue(later.getMessage().contains("a reduction threw"));
            }
            g.get(1).revoke("too late: only the first counts");
            assertThrows(RevokedException.class, () -> g.get(2).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 1),
                    "rank 0's revocation");
        });
    }

    @Test
    void aRevocationBehindAHalfWrittenMessageArrivesAsARevocation() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            int bytes = 32 << 20;
            PendingOperation send = g.get(0).send(random(9, bytes), 0, bytes, 1, 0);
            assertFalse(send.test(), "32 MiB do not fit into the sockets' buffers");
            g.get(0).revoke("half-way");
            assertThrows(RevokedException.class, () -> awaitAll(send));
            // rank 1 never posted a receive: it drains the rest of the message, then reads the notice
            PendingOperation waiting = g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 1);
            RevokedException e = assertThrows(RevokedException.class, () -> {
                while (true) {
                    send.cancel();
                    try {
                        send.test(); // rank 0 keeps writing while polled
                    } catch (RevokedException expected) {
                        // known
                    }
                    waiting.test();
                }
            });
            assertTrue(e.getMessage().contains("half-way"), e.getMessage());
        });
    }

    @Test
    void closeAfterARevocationStillDeliversTheNotice() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<TcpTransport> g = groups.open(2);
            PendingOperation waiting = g.get(1).receive(ByteBuffer.allocateDirect(4), 0, 4, 0, 0);
            g.get(0).revoke("closing");
            g.get(0).close();
            assertTrue(assertThrows(TransportException.class, () -> awaitAll(waiting)) instanceof RevokedException);
        });
    }

    // ---- set-up -----------------------------------------------------------------------------

    @Test
    void aRankNobodyAnswersForTimesOutNamingIt() throws IOException {
        int silent;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            silent = probe.getLocalPort(); // closed again: connects to it are refused
        }
        InetSocketAddress listen = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        AddressExchange exchange = (rank, size, mine) -> List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), silent), mine);
        assertTimeoutPreemptively(LIMIT, () -> {
            TransportException e = assertThrows(TransportException.class,
                    () -> TcpTransport.open(1, 2, listen, exchange, Duration.ofMillis(300)));
            assertTrue(e.getMessage().contains("connect timeout of 300 ms") && e.getMessage().contains("rank 0 at"),
                    e.getMessage());
        });
    }

    @Test
    void aFixedListOfAddressesConnectsTheGroup() throws Throwable {
        int[] ports = new int[2];
        for (int i = 0; i < 2; i++) {
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                probe.setReuseAddress(true);
                ports[i] = probe.getLocalPort();
            }
        }
        String list = "127.0.0.1:" + ports[0] + ",localhost:" + ports[1];
        TcpTransport[] opened = new TcpTransport[2];
        assertTimeoutPreemptively(LIMIT, () -> {
            Thread other = new Thread(() -> opened[1] = TcpTransport.open(1, list, Duration.ofSeconds(20)));
            other.start();
            opened[0] = TcpTransport.open(0, list, Duration.ofSeconds(20));
            other.join();
            groups.closeAfter(opened[0], opened[1]);
            ByteBuffer target = ByteBuffer.allocateDirect(4);
            awaitAll(opened[1].send(intBuffer(12), 0, 4, 0, 0), opened[0].receive(target, 0, 4, 1, 0));
            assertEquals(12, target.getInt(0));
        });
    }
}
