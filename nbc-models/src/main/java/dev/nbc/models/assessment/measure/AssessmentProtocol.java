package dev.nbc.models.assessment.measure;

import dev.nbc.core.transport.Transport;
import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.CpuPerByte;
import dev.nbc.models.assessment.SizeMeasurement;
import dev.nbc.models.assessment.Spread;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * The measurements of a parameter assessment, run by ranks 0 (client) and 1 (server) of any
 * {@link Transport}; other ranks take no part. Per message size s, in this order:
 *
 * <ol>
 * <li>warm-up ping-pongs (and, before the first size, the whole protocol over the first sizes, untimed);</li>
 * <li>PRTT(1, 0, s), PRTT(n, 0, s), and PRTT(n, d, s) with d the median PRTT(1, 0, s): the client
 *     sends n messages with blocking sends, busy-waiting d between them, then receives the
 *     server's single answer; the server receives all n, then answers (Netgauge's loggp pattern);</li>
 * <li>pLogP's o_s(s): the client times one blocking send, then waits for the server's empty
 *     acknowledgement, so that every timed send finds the network idle;</li>
 * <li>pLogP's o_r(s): the server sends the client an empty "go", busy-waits {@code 2d + 20 µs}
 *     (long enough for the go and the message of s bytes to have travelled), then times its
 *     receive of the message the client sent on "go".</li>
 * </ol>
 * Then, when the plan asks for it ({@link AssessmentPlan#cpuPerByte()}), LogGOPS's O: what an
 * exchange of the largest size's messages takes from a computation on each rank's core
 * ({@link CpuPerByteProbe}).
 *
 * Every timing is repeated {@code plan.repetitions()} times and kept as median and quartiles, on the
 * transport's clock ({@link Transport#nanoTime()}: the real one, or an emulated network's virtual
 * time). The transport must be used by nothing else meanwhile (give the assessment its own
 * communicator).
 */
public final class AssessmentProtocol {
    /** Tags used, relative to the caller's first tag. */
    private static final int DATA = 0;
    private static final int REPLY = 1;
    private static final int CONTROL = 2;
    private static final int GO = 3;
    /** Number of tags the protocol uses from {@code firstTag} on. */
    public static final int TAGS = 4;
    private static final long RECEIVE_MARGIN_NANOS = 20_000;
    /** The whole protocol runs once, untimed, over this many of the first sizes (JIT warm-up). */
    private static final int WARMUP_SIZES = 6;
    /** The CPU-per-byte probe moves this much each way per exchange, in 4 to 64 messages of at most 1 MiB. */
    private static final long PROBE_BYTES = 4L << 20;
    private static final int MAX_PROBE_MESSAGE_BYTES = 1 << 20;
    private static final int MIN_PROBE_MESSAGES = 4;
    private static final int MAX_PROBE_MESSAGES = 64;
    /** The probe's signal is a few per cent of its computation: more pairs than the other timings. */
    private static final int MIN_PROBE_REPETITIONS = 30;

    private AssessmentProtocol() {
    }

    /**
     * Runs the plan. Returns the data on rank 0 and empty on every other rank.
     *
     * @param firstTag the protocol uses tags {@code firstTag .. firstTag + TAGS - 1}, which no other
     *                 traffic on the transport may use meanwhile
     * @param progress called on rank 0 with the index of each size as it completes (may be null)
     * @throws IllegalArgumentException if the transport has fewer than 2 ranks or the tags do not fit
     */
    public static Optional<AssessmentData> run(Transport transport, AssessmentPlan plan, int firstTag, IntConsumer progress) {
        Channel.checkPair(transport, firstTag, TAGS, "a parameter assessment");
        if (transport.rank() > 1) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.allocateDirect(plan.maxBytes()).order(ByteOrder.nativeOrder());
        ByteBuffer empty = ByteBuffer.allocateDirect(1);
        List<Integer> warmupSizes = plan.sizes().subList(0, Math.min(WARMUP_SIZES, plan.sizes().size()));
        if (transport.rank() == 1) {
            Channel client = new Channel(transport, 0, firstTag);
            for (int s : warmupSizes) {
                serve(client, plan, s, buffer, empty);
            }
            for (int s : plan.sizes()) {
                serve(client, plan, s, buffer, empty);
            }
            probeCpuPerByte(transport, plan, firstTag);
            return Optional.empty();
        }
        Channel server = new Channel(transport, 1, firstTag);
        for (int s : warmupSizes) {
            // Untimed: the first sizes measured by a cold JVM come out several microseconds slow.
            measure(server, plan, s, buffer, empty);
        }
        List<SizeMeasurement> sizes = new ArrayList<>();
        for (int i = 0; i < plan.sizes().size(); i++) {
            sizes.add(measure(server, plan, plan.sizes().get(i), buffer, empty));
            if (progress != null) {
                progress.accept(i);
            }
        }
        CpuPerByte cpu = probeCpuPerByte(transport, plan, firstTag);
        return Optional.of(new AssessmentData(plan.n(), plan.repetitions(), sizes, GammaProbe.measure(), cpu));
    }

    /**
     * The CPU-per-byte probe with the plan's largest messages (at most 1 MiB, so that its buffers stay
     * small whatever the plan), enough of them to move 4 MiB each way; null if not asked for.
     */
    private static CpuPerByte probeCpuPerByte(Transport transport, AssessmentPlan plan, int firstTag) {
        if (!plan.cpuPerByte()) {
            return null;
        }
        int bytes = Math.min(plan.maxBytes(), MAX_PROBE_MESSAGE_BYTES);
        int messages = (int) Math.min(MAX_PROBE_MESSAGES, Math.max(MIN_PROBE_MESSAGES, PROBE_BYTES / bytes));
        return CpuPerByteProbe.run(transport, bytes, messages, Math.max(MIN_PROBE_REPETITIONS, plan.repetitions()), firstTag)
                .orElse(null);
    }

    /** The client's side of one size. */
    private static SizeMeasurement measure(Channel server, AssessmentPlan plan, int s, ByteBuffer buffer, ByteBuffer empty) {
        int reps = plan.repetitions();
        for (int w = 0; w < plan.warmups(); w++) {
            prtt(server, 1, 0, s, buffer);
        }
        double[] t = new double[reps];
        for (int r = 0; r < reps; r++) {
            t[r] = prtt(server, 1, 0, s, buffer);
        }
        Spread prtt1 = Spread.of(t);
        for (int r = 0; r < reps; r++) {
            t[r] = prtt(server, plan.n(), 0, s, buffer);
        }
        Spread prttN = Spread.of(t);
        long delay = Math.round(prtt1.median());
        for (int r = 0; r < reps; r++) {
            t[r] = prtt(server, plan.n(), delay, s, buffer);
        }
        Spread prttNDelayed = Spread.of(t);
        for (int r = 0; r < reps; r++) {
            long t0 = server.now();
            server.send(buffer, s, DATA);
            t[r] = server.now() - t0;
            server.receive(empty, 0, REPLY);
        }
        Spread sendOverhead = Spread.of(t);
        server.sendDoubles(CONTROL, prtt1.median());
        for (int r = 0; r < reps; r++) {
            server.receive(empty, 0, GO);
            server.send(buffer, s, DATA);
        }
        double[] received = server.receiveDoubles(3, CONTROL);
        Spread receiveOverhead = new Spread(received[0], received[1], received[2], reps);
        return new SizeMeasurement(s, prtt1, prttN, prttNDelayed, delay, sendOverhead, receiveOverhead);
    }

    /** The server's side of one size, mirroring {@link #measure} step for step. */
    private static void serve(Channel client, AssessmentPlan plan, int s, ByteBuffer buffer, ByteBuffer empty) {
        int reps = plan.repetitions();
        for (int w = 0; w < plan.warmups(); w++) {
            answer(client, 1, s, buffer);
        }
        for (int r = 0; r < reps; r++) {
            answer(client, 1, s, buffer);
        }
        for (int r = 0; r < 2 * reps; r++) {
            answer(client, plan.n(), s, buffer);
        }
        for (int r = 0; r < reps; r++) {
            client.receive(buffer, s, DATA);
            client.send(empty, 0, REPLY);
        }
        long wait = 2 * Math.round(client.receiveDoubles(1, CONTROL)[0]) + RECEIVE_MARGIN_NANOS;
        double[] t = new double[reps];
        for (int r = 0; r < reps; r++) {
            client.send(empty, 0, GO);
            client.busyWait(wait);
            long t0 = client.now();
            client.receive(buffer, s, DATA);
            t[r] = client.now() - t0;
        }
        Spread receive = Spread.of(t);
        client.sendDoubles(CONTROL, receive.median(), receive.q25(), receive.q75());
    }

    /** PRTT(n, d, s) on the client: n sends d apart, then the answer. */
    private static double prtt(Channel server, int n, long delay, int s, ByteBuffer buffer) {
        long t0 = server.now();
        for (int i = 0; i < n; i++) {
            if (i > 0 && delay > 0) {
                server.busyWait(delay);
            }
            server.send(buffer, s, DATA);
        }
        server.receive(buffer, s, REPLY);
        return server.now() - t0;
    }

    /** The server's part of a PRTT: n receives, one answer. */
    private static void answer(Channel client, int n, int s, ByteBuffer buffer) {
        for (int i = 0; i < n; i++) {
            client.receive(buffer, s, DATA);
        }
        client.send(buffer, s, REPLY);
    }
}
