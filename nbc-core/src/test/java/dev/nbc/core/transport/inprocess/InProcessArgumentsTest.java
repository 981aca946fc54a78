package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.nbc.core.transport.inprocess.InProcessTransportTest.awaitTrue;
import static dev.nbc.core.transport.inprocess.InProcessTransportTest.intBuffer;
import static dev.nbc.core.transport.inprocess.InProcessTransportTest.receiveInt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every broken argument rule is refused, names the argument, and leaves nothing behind. */
class InProcessArgumentsTest {
    private static final int RANKS = 3;
    private static final int MAX_TAG = 100;

    /** One broken call: which argument it names, and whether only receives refuse it. */
    private record Call(String argument, ByteBuffer buffer, int offset, int length, int peer, int tag,
                        boolean receiveOnly) {
        Call(String argument, ByteBuffer buffer, int offset, int length, int peer, int tag) {
            this(argument, buffer, offset, length, peer, tag, false);
        }
    }

    static Stream<Arguments> brokenCalls() {
        ByteBuffer good = ByteBuffer.allocateDirect(16);
        return Stream.of(
                new Call("buffer", ByteBuffer.allocate(16), 0, 4, 1, 0),
                new Call("buffer", null, 0, 4, 1, 0),
                new Call("peer", good, 0, 4, -1, 0),
                new Call("peer", good, 0, 4, RANKS, 0),
                new Call("length", good, 0, -1, 1, 0),
                new Call("offset", good, -1, 4, 1, 0),
                new Call("offset + length", good, 13, 4, 1, 0),
                new Call("offset + length", good, Integer.MAX_VALUE, 1, 1, 0),
                new Call("tag", good, 0, 4, 1, -1),
                new Call("tag", good, 0, 4, 1, MAX_TAG + 1),
                new Call("buffer", good.asReadOnlyBuffer(), 0, 4, 1, 0, true)
        ).flatMap(call -> Stream.of(Arguments.of(call, true), Arguments.of(call, false)));
    }

    @ParameterizedTest(name = "{0}, send: {1}")
    @MethodSource("brokenCalls")
    void isRefusedNamingTheArgumentAndNothingIsSentOrPosted(Call call, boolean send) {
        InProcessWorld world = new InProcessWorld(RANKS, EmulatedNetwork.none(), MAX_TAG);
        Transport zero = world.transport(0);
        if (send) {
            if (call.receiveOnly()) {
                // a read-only buffer is fine to send from
                awaitTrue(zero.send(call.buffer(), call.offset(), call.length(), call.peer(), call.tag()));
                return;
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> zero.send(call.buffer(), call.offset(), call.length(), call.peer(), call.tag()));
            assertTrue(e.getMessage().startsWith(call.argument() + ":"), e.getMessage());
        } else {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> zero.receive(call.buffer(), call.offset(), call.length(), call.peer(), call.tag()));
            assertTrue(e.getMessage().startsWith(call.argument() + ":"), e.getMessage());
        }
        // Nothing was queued: the next message on the pair and tag matches the next receive.
        List<ByteBuffer> slots = new ArrayList<>();
        PendingOperation receive = receiveInt(world.transport(1), 0, 0, slots);
        zero.send(intBuffer(77), 0, 4, 1, 0);
        PendingOperation reply = receiveInt(zero, 1, 0, slots);
        world.transport(1).send(intBuffer(78), 0, 4, 0, 0);
        awaitTrue(receive);
        awaitTrue(reply);
        assertEquals(77, slots.get(0).getInt(0));
        assertEquals(78, slots.get(1).getInt(0));
    }

    @ParameterizedTest(name = "{0}, send: {1}")
    @MethodSource("brokenCalls")
    void argumentsAreCheckedBeforeTheClosedState(Call call, boolean send) {
        InProcessTransport zero = new InProcessWorld(RANKS, EmulatedNetwork.none(), MAX_TAG).transport(0);
        zero.close();
        if (call.receiveOnly() && send) {
            return;
        }
        assertThrows(IllegalArgumentException.class, () -> {
            if (send) {
                zero.send(call.buffer(), call.offset(), call.length(), call.peer(), call.tag());
            } else {
                zero.receive(call.buffer(), call.offset(), call.length(), call.peer(), call.tag());
            }
        });
    }
}
