package dev.nbc.bench.netgauge.module;

import dev.nbc.core.transport.PendingOperation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The UDP module's transport against a peer that writes raw datagrams, so that a loss can be made
 * on purpose: a loss is reported on the receive it hit, never hidden, and the messages after it
 * still arrive in order.
 */
class UdpTransportTest {
    private UdpTransport receiver;
    private DatagramChannel peer;
    private InetSocketAddress receiverAddress;

    @BeforeEach
    void open() throws IOException {
        DatagramChannel mine = UdpTransport.bind("127.0.0.1");
        peer = DatagramChannel.open();
        peer.bind(new InetSocketAddress("127.0.0.1", 0));
        receiverAddress = (InetSocketAddress) mine.getLocalAddress();
        receiver = UdpTransport.open(0, mine, List.of(receiverAddress, (InetSocketAddress) peer.getLocalAddress()));
    }

    @AfterEach
    void close() throws IOException {
        receiver.close();
        peer.close();
    }

    /** Message {@code number} of tag {@code tag} from the raw peer (rank 1), carrying {@code value}. */
    private void datagram(int tag, int number, int value) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(UdpTransport.HEADER_BYTES + 4).order(ByteOrder.BIG_ENDIAN);
        b.putInt(tag).putInt(number).putInt(4).putInt(value).flip();
        peer.send(b, receiverAddress);
    }

    private static ByteBuffer buffer() {
        return ByteBuffer.allocateDirect(4).order(ByteOrder.BIG_ENDIAN);
    }

    private static void awaitDone(PendingOperation op) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!op.test()) {
            assertTrue(System.nanoTime() < deadline, "no completion within 5 s");
            Thread.onSpinWait();
        }
    }

    @Test
    void aSkippedMessageFailsItsReceiveAndTheNextOnesArrive() throws IOException {
        ByteBuffer first = buffer();
        ByteBuffer second = buffer();
        ByteBuffer third = buffer();
        PendingOperation r0 = receiver.receive(first, 0, 4, 1, 7);
        PendingOperation r1 = receiver.receive(second, 0, 4, 1, 7);
        datagram(7, 1, 11); // message 0 is "lost"
        datagram(7, 2, 22);
        awaitDone(r1);
        assertEquals(11, second.getInt(0));
        MessageLostException lost = assertThrows(MessageLostException.class, r0::test);
        assertTrue(lost.getMessage().contains("message 0 from rank 1"), lost.getMessage());
        PendingOperation r2 = receiver.receive(third, 0, 4, 1, 7);
        awaitDone(r2);
        assertEquals(22, third.getInt(0));
    }

    @Test
    void aReceiveWhoseMessageWasOvertakenFails() throws IOException {
        datagram(3, 1, 5);
        // message 0 of tag 3 never comes; message 1 does
        ByteBuffer a = buffer();
        ByteBuffer b = buffer();
        PendingOperation r0 = receiver.receive(a, 0, 4, 1, 3);
        long deadline = System.nanoTime() + 5_000_000_000L;
        boolean failed = false;
        while (!failed && System.nanoTime() < deadline) {
            try {
                r0.test();
            } catch (MessageLostException e) {
                failed = true;
            }
        }
        assertTrue(failed, "receive 0 fails as lost once message 1 has arrived");
        PendingOperation r1 = receiver.receive(b, 0, 4, 1, 3);
        awaitDone(r1);
        assertEquals(5, b.getInt(0));
    }

    @Test
    void aCancelledReceiveIsNotWrittenByALateMessage() throws IOException {
        ByteBuffer late = buffer();
        late.putInt(0, -1);
        PendingOperation r0 = receiver.receive(late, 0, 4, 1, 9);
        r0.cancel();
        assertTrue(r0.test());
        datagram(9, 0, 99);
        ByteBuffer next = buffer();
        PendingOperation r1 = receiver.receive(next, 0, 4, 1, 9);
        datagram(9, 1, 100);
        awaitDone(r1);
        assertEquals(100, next.getInt(0));
        assertEquals(-1, late.getInt(0), "the cancelled receive's buffer is untouched");
    }

    @Test
    void tooLargeAMessageIsRefusedBeforeAnythingIsSent() {
        ByteBuffer big = ByteBuffer.allocateDirect(UdpTransport.MAX_PAYLOAD + 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> receiver.send(big, 0, UdpTransport.MAX_PAYLOAD + 1, 1, 0));
        assertTrue(e.getMessage().startsWith("length:"), e.getMessage());
    }
}
