package dev.nbc.models.assessment.measure;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * How much of a message the sender's transport holds for it (a socket buffer, an MPI library's
 * eager copy): the simulator's send buffer ({@code SimulationConfig.sendBufferBytes}). Ranks 0
 * (client) and 1 (server) of any {@link Transport}; other ranks take no part. Per size s (1, 4 and
 * 16 MiB), three times: the server posts its receive and sends "go"; the client then times its
 * send of s bytes until the request completes, and waits for the server's acknowledgement. A send
 * that completes after t has left at most t/G of the message (G the gap per byte), so the
 * transport held at least {@code s - t/G}; the estimate is the largest of these over the sizes
 * (median times), and 0 where every send waited for its whole message.
 *
 * <p>Why: the bcast root's send of 1 MiB over nbc's TCP transport completes when the socket has
 * taken it, in 0.3-0.6 ms, not after the 8.4 ms the message takes at 1 Gbit/s; LogGP's sender
 * waits for its last byte, and so credited that rank with 8 ms of network time to hide that no
 * library could. Over Open MPI's TCP the same send took 0.3-0.4 ms at 1 MiB and 11.5 ms at 4 MiB.
 */
public final class SendBufferProbe {
    /** The sizes probed, bytes. */
    public static final int[] SIZES = {1 << 20, 4 << 20, 16 << 20};
    /** Number of tags the probe uses from its first tag on. */
    public static final int TAGS = 3;
    private static final int REPETITIONS = 3;
    private static final int DATA = 0;
    private static final int GO = 1;
    private static final int ACK = 2;

    private SendBufferProbe() {
    }

    /**
     * Runs the probe; on rank 0 the median time of each size's send ({@link #SIZES}, ns), empty
     * elsewhere. The transport must be used by nothing else meanwhile.
     *
     * @throws IllegalArgumentException if the transport has fewer than 2 ranks or the tags do not fit
     */
    public static double[] run(Transport transport, int firstTag) {
        Channel.checkPair(transport, firstTag, TAGS, "the send buffer probe");
        if (transport.rank() > 1) {
            return new double[0];
        }
        ByteBuffer buffer = ByteBuffer.allocateDirect(SIZES[SIZES.length - 1]);
        ByteBuffer empty = ByteBuffer.allocateDirect(1);
        int peer = 1 - transport.rank();
        Channel channel = new Channel(transport, peer, firstTag);
        double[] medians = new double[SIZES.length];
        double[] times = new double[REPETITIONS];
        for (int i = 0; i < SIZES.length; i++) {
            for (int r = 0; r < REPETITIONS; r++) {
                if (transport.rank() == 1) {
                    // the receive is posted before "go", so that the timed send finds it waiting
                    PendingOperation receive = transport.receive(buffer, 0, SIZES[i], peer, firstTag + DATA);
                    channel.send(empty, 0, GO);
                    Channel.complete(receive);
                    channel.send(empty, 0, ACK);
                } else {
                    channel.receive(empty, 0, GO);
                    long t0 = channel.now();
                    channel.send(buffer, SIZES[i], DATA);
                    times[r] = channel.now() - t0;
                    channel.receive(empty, 0, ACK);
                }
            }
            Arrays.sort(times);
            medians[i] = times[REPETITIONS / 2];
        }
        return transport.rank() == 0 ? medians : new double[0];
    }

    /**
     * The bytes held: the largest {@code SIZES[i] - sendNanos[i] / gapPerByte}, at least 0; empty
     * without times (not rank 0) or without a gap per byte to convert them by.
     */
    public static OptionalLong bufferBytes(double[] sendNanos, double gapPerByte) {
        if (sendNanos.length != SIZES.length || !(gapPerByte > 0) || Double.isInfinite(gapPerByte)) {
            return OptionalLong.empty();
        }
        double held = 0;
        for (int i = 0; i < SIZES.length; i++) {
            held = Math.max(held, SIZES[i] - sendNanos[i] / gapPerByte);
        }
        return OptionalLong.of(Math.round(held));
    }
}
