package dev.nbc.core.transport;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;

/**
 * Point-to-point messaging that collective schedules are built from: one process's endpoint in a
 * group of {@link #size()} ranks.
 *
 * <p>Matching follows MPI: a receive matches a send by (source, tag); messages between the same pair
 * of ranks with the same tag are non-overtaking (received in the order they were sent). Nothing here
 * blocks: {@link #send} and {@link #receive} start an operation and return at once, and
 * {@link PendingOperation#test()} polls it. Testing any operation advances all of them: a receive
 * matches its message while only other operations are tested, as MPI's progress matches a posted
 * receive. The progress engine relies on it, for it tests a round's operations only up to the
 * first unfinished one, and a send may complete only once its receive has matched it (MPI's
 * rendezvous), so two ranks that each test their send first would otherwise wait for each other.
 *
 * <p>Buffers are direct {@link ByteBuffer}s, addressed by absolute byte offset (position and limit
 * are ignored). The byte range of an operation belongs to the transport until the operation
 * completes: a send's range must not be written, a receive's range must not be read.
 *
 * <p>Thread safety: implementations must allow one thread to start and poll operations while other
 * threads use other transports; a single transport is driven by one thread at a time (the progress
 * engine), except {@link #close()}.
 */
public interface Transport extends AutoCloseable {

    /** This endpoint's rank, 0..size()-1. */
    int rank();

    /** Number of ranks in the group. */
    int size();

    /** Largest usable tag (inclusive); tags run 0..maxTag(). MPI guarantees at least 32767. */
    int maxTag();

    /** Short name of the transport ("mpi", "in-process", ...) for reports. */
    String name();

    /**
     * Starts sending bytes {@code [offset, offset+length)} of {@code buffer} to {@code peer}.
     *
     * @throws IllegalArgumentException if the buffer is not direct, the range lies outside it, the
     *         length is negative, the peer is outside 0..size()-1 or the tag outside 0..maxTag();
     *         nothing is sent then
     * @throws TransportException if the underlying library fails to start the send
     */
    PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag);

    /**
     * Starts receiving into bytes {@code [offset, offset+length)} of {@code buffer} from
     * {@code peer}. A matching message longer than {@code length} fails the operation; a shorter one
     * completes it.
     *
     * @throws IllegalArgumentException as for {@link #send}, and if the buffer is read-only
     * @throws TransportException if the underlying library fails to start the receive
     */
    PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag);

    /**
     * How many ranks of this transport's group run in this process (1 for MPI; the whole group
     * for the in-process transport, whose ranks are threads): each is an application thread that
     * wants a core, which decides whether a progress thread has one to spare.
     */
    default int ranksInThisProcess() {
        return 1;
    }

    /**
     * True if a message's network time passes whether or not anyone polls: the data is handed
     * over when the send is posted, and polling only observes (and copies out) what has arrived,
     * as in the in-process transport. Then a progress thread sharing a core with the application
     * gains nothing by polling a collective's last round early. False by default and for MPI,
     * where a protocol step may wait for a poll (a rendezvous message moves only after the
     * receiver's progress matched it).
     */
    default boolean transfersWithoutPolling() {
        return false;
    }

    /**
     * The largest message whose transfer goes on whether or not anyone polls once its send and
     * receive are posted (0: none): a progress thread sharing a core with the application gains
     * nothing by polling a collective's last round of such messages early, since whoever awaits
     * the collective copies out what has arrived as fast, and its wake-up would cost the
     * application its core. Everything for a transport that {@link #transfersWithoutPolling()}.
     */
    default int bytesMovedWithoutPolling() {
        return transfersWithoutPolling() ? Integer.MAX_VALUE : 0;
    }

    /**
     * How a progress thread can wait for this transport's operations to advance, or null if it
     * cannot see when they will (MPI, whose library progresses only inside its calls): then the
     * thread polls at times it estimates. Not null for a transport that knows what it waits for
     * (nbc's TCP transport: the kernel's socket readiness).
     */
    default ActivitySignal activitySignal() {
        return null;
    }

    /**
     * Combines {@code count} elements exactly as {@link ReduceOp#apply} would, if this transport's
     * library has a faster loop for this operation, type and size; false if not, and the engine
     * then runs {@link ReduceOp#apply} itself. The result must equal ReduceOp's bit for bit.
     * Offsets are in bytes; positions and limits are ignored.
     */
    default boolean reduceLocally(ReduceOp op, DataType type, ByteBuffer source, int sourceOffset, ByteBuffer target,
                                  int targetOffset, int count, boolean sourceIsLeft) {
        return false;
    }

    /**
     * Now, in nanoseconds, on the clock by which this transport's messages take their time:
     * {@link System#nanoTime()}, except for an emulated network on virtual time, which keeps a
     * clock per rank. Code that times this transport's messages (a ping-pong, the parameter
     * assessment) reads this clock.
     */
    default long nanoTime() {
        return System.nanoTime();
    }

    /**
     * Returns when {@link #nanoTime()} reads at least {@code deadline}, busy-waiting (a delay that
     * keeps the core, as a benchmark's); on virtual time the clock moves there at once.
     */
    default void spinUntil(long deadline) {
        while (System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }

    /**
     * Tells every rank of the group that its collectives on this transport cannot go on, because
     * of a failure here that they could not otherwise learn of (a truncated message, a reduction
     * operation that threw): from then on every operation pending or started on any rank of the
     * group fails with a {@link RevokedException} carrying {@code reason} and this rank's number,
     * instead of waiting for a message that will never come (ULFM's {@code MPI_Comm_revoke}). Only
     * the first revocation counts; never blocks.
     */
    void revoke(String reason);

    /**
     * Ends every rank of the group at once, as {@code MPI_Abort} does: for a failure after which no
     * rank may go on. Prints nothing (the caller has said why). By default, and where the ranks
     * are threads of this JVM that must not take the JVM with them, it revokes instead.
     */
    default void abort(String reason) {
        revoke(reason);
    }

    /**
     * Releases the endpoint. Operations still pending are abandoned; for MPI this frees the
     * library's duplicate communicator, so it must happen before {@code MPI.Finalize()}.
     */
    @Override
    void close();
}
