package dev.nbc.models.assessment.measure;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import dev.nbc.models.assessment.CpuPerByte;
import dev.nbc.models.assessment.Spread;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * LogGOPS's O measured as what it costs: the time a computation on the rank's core loses while
 * bytes move. Ranks 0 and 1 each post {@code messages} receives and sends of {@code messageBytes}
 * to the other, then compute a fixed amount of work ({@link FixedWork}, so that any CPU taken
 * from it makes it longer) in chunks of about 100 µs, testing the oldest unfinished
 * operation after each chunk, as an application progressing its own requests does. The same
 * computation alone, alternately before and after, is the baseline; the difference is the CPU the
 * exchange took from the core: the calls' own work (on MPI over TCP, the kernel's send and receive
 * work runs in them) and what the kernel does meanwhile on that core (softirqs, on namespace hosts
 * also the virtual wires and the shaper), which a timing of the calls alone would miss.
 *
 * <p>The computation lasts two exchanges (at least 10 ms), so that the bytes move while it runs;
 * an exchange still unfinished when it ends is counted ({@link CpuPerByte#late()}). Run on real
 * time only: an emulated network on virtual time moves no bytes on the CPU.
 */
public final class CpuPerByteProbe {
    private static final long CHUNK_NANOS = 100_000;
    private static final long MIN_COMPUTATION_NANOS = 10_000_000;
    private static final int COMPUTATIONS_PER_EXCHANGE = 2;
    private static final int WARMUP_EXCHANGES = 3;
    private static final int TIMED_EXCHANGES = 5;
    /** Tags within the assessment's (AssessmentProtocol): data both ways, control. */
    private static final int DATA = 0;
    private static final int CONTROL = 2;

    private CpuPerByteProbe() {
    }

    /**
     * Runs the probe on ranks 0 and 1 (others return at once). Returns the data on rank 0.
     *
     * @param repetitions pairs of computations (with the exchange, alone) timed
     */
    public static Optional<CpuPerByte> run(Transport transport, int messageBytes, int messages, int repetitions, int firstTag) {
        Channel.checkPair(transport, firstTag, CONTROL + 1, "the CPU-per-byte probe");
        if (messageBytes < 1 || messages < 1 || repetitions < 1) {
            throw new IllegalArgumentException("messageBytes, messages, repetitions: must be >= 1, but were " + messageBytes
                    + ", " + messages + ", " + repetitions);
        }
        int rank = transport.rank();
        if (rank > 1) {
            return Optional.empty();
        }
        Channel peer = new Channel(transport, 1 - rank, firstTag);
        Exchange exchange = new Exchange(transport, 1 - rank, firstTag + DATA, messageBytes, messages);
        for (int w = 0; w < WARMUP_EXCHANGES; w++) {
            synchronise(peer, rank);
            exchange.complete(exchange.post());
        }
        double[] alone = new double[TIMED_EXCHANGES];
        for (int r = 0; r < alone.length; r++) {
            synchronise(peer, rank);
            long t0 = System.nanoTime();
            exchange.complete(exchange.post());
            alone[r] = System.nanoTime() - t0;
        }
        long target = Math.max(MIN_COMPUTATION_NANOS, (long) (COMPUTATIONS_PER_EXCHANGE * Spread.of(alone).median()));
        Computation computation = Computation.lasting(target);
        double[] without = new double[repetitions];
        double[] with = new double[repetitions];
        int late = 0;
        for (int r = 0; r < repetitions; r++) {
            for (int pass = 0; pass < 2; pass++) {
                boolean withExchange = (pass == 0) == (r % 2 == 1); // alternate which comes first: drift cancels
                synchronise(peer, rank);
                long t0 = System.nanoTime();
                PendingOperation[] operations = withExchange ? exchange.post() : new PendingOperation[0];
                boolean finished = computation.run(operations);
                long elapsed = System.nanoTime() - t0;
                if (withExchange) {
                    with[r] = elapsed;
                    late += finished ? 0 : 1;
                    exchange.complete(operations);
                } else {
                    without[r] = elapsed;
                }
            }
        }
        double[] stretch = new double[repetitions];
        for (int r = 0; r < repetitions; r++) {
            stretch[r] = with[r] - without[r];
        }
        Spread mine = Spread.of(stretch);
        if (rank == 1) {
            peer.sendDoubles(CONTROL, mine.median(), mine.q25(), mine.q75());
            peer.sendDoubles(CONTROL, late);
            return Optional.empty();
        }
        double[] theirs = peer.receiveDoubles(3, CONTROL);
        int theirLate = (int) peer.receiveDoubles(1, CONTROL)[0];
        return Optional.of(new CpuPerByte(messageBytes, messages, Spread.of(without).median(),
                List.of(mine, new Spread(theirs[0], theirs[1], theirs[2], repetitions)), late + theirLate));
    }

    /** Both ranks leave within a one-way message of each other. */
    private static void synchronise(Channel peer, int rank) {
        if (rank == 0) {
            peer.sendDoubles(CONTROL, 0);
            peer.receiveDoubles(1, CONTROL);
        } else {
            peer.receiveDoubles(1, CONTROL);
            peer.sendDoubles(CONTROL, 0);
        }
    }

    /** The messages of one exchange: a receive and a send to the peer per message, receives first. */
    private record Exchange(Transport transport, int peer, int tag, int messageBytes, int messages, ByteBuffer out,
                            ByteBuffer in) {
        Exchange(Transport transport, int peer, int tag, int messageBytes, int messages) {
            this(transport, peer, tag, messageBytes, messages, ByteBuffer.allocateDirect(messageBytes),
                    ByteBuffer.allocateDirect(Math.multiplyExact(messageBytes, messages)));
        }

        PendingOperation[] post() {
            PendingOperation[] operations = new PendingOperation[2 * messages];
            for (int i = 0; i < messages; i++) {
                operations[2 * i] = transport.receive(in, i * messageBytes, messageBytes, peer, tag);
                operations[2 * i + 1] = transport.send(out, 0, messageBytes, peer, tag);
            }
            return operations;
        }

        void complete(PendingOperation[] operations) {
            for (PendingOperation operation : operations) {
                Channel.complete(operation);
            }
        }
    }

    /** A fixed amount of arithmetic ({@link FixedWork}) in chunks of about {@link #CHUNK_NANOS}. */
    private record Computation(long chunkUnits, int chunks) {

        /** Calibrated on this core now. */
        static Computation lasting(long nanos) {
            long units = Math.max(1, Math.round(CHUNK_NANOS / FixedWork.nanosPerUnit()));
            return new Computation(units, (int) Math.max(1, nanos / CHUNK_NANOS));
        }

        /** Runs every chunk, testing the oldest unfinished operation after each; true if all finished by the end. */
        boolean run(PendingOperation[] operations) {
            int next = 0;
            for (int c = 0; c < chunks; c++) {
                FixedWork.run(chunkUnits);
                while (next < operations.length && operations[next].test()) {
                    next++;
                }
            }
            return next == operations.length;
        }
    }
}
