package dev.nbc.core.transport.mpi;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.MemoryOverwrittenException;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportArguments;
import dev.nbc.core.transport.TransportException;

/**
 * {@link Transport} over MPI's point-to-point operations, reached through Open MPI's Java bindings
 * or through Java's Foreign Function and Memory API (any MPI: {@link Mpi}).
 *
 * <p>The transport works on a duplicate of the application's communicator, so that the library's
 * messages can never match the application's receives (nor the other way round), with the error
 * handler MPI_ERRORS_RETURN on that duplicate, so that a failed operation (a truncated
 * receive, say) becomes a {@link TransportException}: whether the job then ends is the progress
 * engine's error policy's decision ({@code NBC_ERRORS}). A request is never tested, freed or
 * cancelled again once it completed or failed.
 *
 * <p>MPI must run at MPI_THREAD_MULTIPLE: the progress engine's thread calls MPI while the
 * application's threads do. {@link Mpi#init} initialises MPI so and checks it, and
 * {@link #create} refuses an MPI initialised at a lower level (a plain {@code MPI.Init}).
 *
 * <p>Truncation, as measured with Open MPI 4.1.4 (Debian, pml ob1, btl vader/self/tcp): a receive
 * that matches a longer message fails with MPI_ERR_TRUNCATE, surfaced here as a
 * {@link TransportException}, and the job goes on. But ob1 <em>writes the whole message past the
 * receive range</em> when the message is not sent eagerly (rendezvous sizes, over vader with CMA and
 * over tcp) and for any message a rank sends to itself; and a short truncated message to itself
 * completes without the error. The receive range is the only memory MPI is given, so a posted
 * receive cannot guard against it: sizes must be known before receiving, from the consistency
 * check or from a probe ({@link ReceiveMode}, {@code NBC_MPI_RECEIVES=probed}). Probed receives are
 * matched by this class, in MPI's order, whenever any of its operations is tested
 * ({@link #matchArrivals}), as {@link Transport} requires.
 *
 * <p>A message longer than Open MPI's TCP eager limit to a rank on another node travels as a
 * train of eager messages ({@link MessagePieces}, {@code NBC_MPI_PIECE}), so that it crosses the
 * network while nobody calls into MPI.
 *
 * <p>Failures the other ranks cannot see: {@link #revoke} tells them on a second duplicate
 * communicator ({@link RevocationChannel}), {@link #abort} is {@code MPI_Abort}.
 */
public final class MpiTransport implements Transport {

    /**
     * From this many elements a reduction goes through MPI_Reduce_local: Open MPI's C loop summed
     * 2 MiB of doubles in 54-65 us against 129-190 us for ReduceOp's Java loop on this project's
     * machine; below it the JNI call costs more than the loop saves.
     */
    static final int NATIVE_REDUCTION_MIN_COUNT = 4096;

    /**
     * Ranges of operations abandoned by {@link #close()} while MPI might still write into (or read
     * from) them. They stay referenced until the process exits, so that the garbage collector
     * cannot free memory a late-arriving message is written to.
     */
    static final List<ByteBuffer> ABANDONED = Collections.synchronizedList(new ArrayList<>());

    private final MpiComm comm;
    private final Mpi mpi;
    private final RevocationChannel revocations;
    private final int maxTag;
    /**
     * Operations started and not yet seen complete, linked through their own fields (a hashed set
     * cost a small collective ~6 % of its time). Holding them keeps each request and
     * its buffer reachable while MPI uses the memory, even if the caller drops the PendingOperation.
     */
    private final Operation inFlight = Operation.listHead();
    private final ReceiveMode receiveMode;
    /** Long messages to ranks on other nodes go as trains of eager messages ({@link MessagePieces}). */
    private final MessagePieces pieces;
    /**
     * PROBED: receives without their message yet, in the order they were started. An arrival
     * goes to the first of them on its (peer, tag), as MPI matches posted receives, so that
     * messages are taken in the order they were sent.
     */
    private final List<Operation> awaitingReceives = new ArrayList<>();
    /**
     * PROBED: messages matched by a probe before any receive of theirs was started, in the
     * order they arrived; a receive started later takes the first on its (peer, tag).
     */
    private final List<MpiMessage> unclaimed = new ArrayList<>();
    private boolean closed;

    private MpiTransport(MpiComm comm, ReceiveMode receiveMode, int requestedPieceBytes, boolean piecesToEveryRank)
            throws MpiException {
        this.comm = comm;
        this.mpi = comm.mpi();
        this.receiveMode = receiveMode;
        this.maxTag = mpi.tagUpperBound();
        this.pieces = piecesToEveryRank ? MessagePieces.toEveryRank(requestedPieceBytes, comm.size())
                : MessagePieces.agree(comm, requestedPieceBytes);
        this.revocations = RevocationChannel.open(comm, comm.rank(), comm.size());
    }

    /**
     * A transport over a duplicate of {@code comm}, a communicator of any MPI ({@link Mpi#world()},
     * or one split from it; Open MPI's Java bindings' {@code MPI.COMM_WORLD} is
     * {@code BindingsMpi.wrap(MPI.COMM_WORLD)}); the caller keeps {@code comm} and must
     * {@link #close()} the transport before MPI_Finalize. Receives as {@code NBC_MPI_RECEIVES}
     * says (posted by default).
     *
     * @throws IllegalArgumentException if {@code comm} is null, or {@code NBC_MPI_PIECE} is neither
     *         "off" nor a size in bytes of at least 1024
     * @throws IllegalStateException if MPI is not running, or runs below MPI_THREAD_MULTIPLE
     * @throws TransportException if MPI fails to duplicate the communicator
     */
    public static MpiTransport create(MpiComm comm) {
        return create(comm, ReceiveMode.fromEnvironment());
    }

    /**
     * As {@link #create(MpiComm)}, with receives of the given mode.
     *
     * @throws IllegalArgumentException if an argument is null
     */
    public static MpiTransport create(MpiComm comm, ReceiveMode receiveMode) {
        if (receiveMode == null) {
            throw new IllegalArgumentException("receiveMode: must not be null");
        }
        if (comm == null) {
            throw new IllegalArgumentException("comm: must not be null");
        }
        checkMpiRunning(comm.mpi(), "MpiTransport.create");
        return open(comm, receiveMode, MessagePieces.requested(comm.mpi(), receiveMode), false);
    }

    /**
     * A transport (posted receives) that sends every message longer than {@code pieceBytes} in
     * pieces, to every rank, itself included: the pieces' test on one node, where
     * {@link #create} never uses them. Collective over {@code comm}.
     */
    static MpiTransport createWithPiecesToEveryRank(MpiComm comm, int pieceBytes) {
        checkMpiRunning(comm.mpi(), "MpiTransport.createWithPiecesToEveryRank");
        return open(comm, ReceiveMode.POSTED, pieceBytes, true);
    }

    private static MpiTransport open(MpiComm comm, ReceiveMode receiveMode, int requestedPieceBytes, boolean piecesToEveryRank) {
        MpiComm dup = null;
        try {
            dup = comm.dup();
            return new MpiTransport(dup, receiveMode, requestedPieceBytes, piecesToEveryRank);
        } catch (MpiException e) {
            if (dup != null) {
                try {
                    dup.free();
                } catch (MpiException ignored) {
                    // the original failure is the one to report
                }
            }
            throw new TransportException("MPI could not duplicate the communicator for nbc: " + e.describe(), e);
        }
    }

    /** The duplicate's: the application's rank and size in the communicator it gave. */
    @Override
    public int rank() {
        return comm.rank();
    }

    @Override
    public int size() {
        return comm.size();
    }

    @Override
    public int maxTag() {
        return maxTag;
    }

    @Override
    public String name() {
        return "mpi";
    }

    /**
     * The size of the pieces long messages to ranks on other nodes are sent in, agreed by every
     * rank ({@link MessagePieces}, {@code NBC_MPI_PIECE}); 0 if every message this rank sends is
     * sent whole (pieces off, or no rank on another node).
     */
    public int messagePieceBytes() {
        return pieces.pieceBytes();
    }

    /**
     * Messages up to {@value #EAGER_BYTES} bytes: the eager limit of every transport Open MPI
     * ships is at least that (shared memory's 4 KiB; TCP's 64 KiB, InfiniBand's 12 KiB), and an
     * eager message is on its way once its send is posted. A longer one may wait for the
     * receiver's library to match it (rendezvous), which only a poll does.
     */
    @Override
    public int bytesMovedWithoutPolling() {
        return EAGER_BYTES;
    }

    static final int EAGER_BYTES = 4096;

    @Override
    public PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        synchronized (this) {
            checkUsable();
            try {
                MpiRequest request = pieces.apply(peer, length) ? pieces.send(comm, buffer, offset, length, peer, tag)
                        : comm.send(buffer, offset, length, peer, tag);
                return track(new Operation(this, request, buffer, offset, "send", peer, tag, length));
            } catch (MpiException e) {
                throw new TransportException(what("send", peer, tag, length) + " could not start: " + e.describe(), e);
            }
        }
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkReceive(this, buffer, offset, length, peer, tag);
        synchronized (this) {
            checkUsable();
            if (receiveMode == ReceiveMode.PROBED) {
                Operation receive = track(new Operation(this, null, buffer, offset, "receive", peer, tag, length));
                MpiMessage arrival = claim(peer, tag);
                if (arrival == null) {
                    receive.awaitingMessage = true;
                    awaitingReceives.add(receive);
                } else {
                    receive.take(arrival);
                }
                return receive;
            }
            try {
                MpiRequest request = pieces.apply(peer, length) ? pieces.receive(comm, buffer, offset, length, peer, tag)
                        : comm.receive(buffer, offset, length, peer, tag);
                return track(new Operation(this, request, buffer, offset, "receive", peer, tag, length));
            } catch (MpiException e) {
                throw new TransportException(what("receive", peer, tag, length) + " could not start: " + e.describe(), e);
            }
        }
    }

    /**
     * SUM and PROD of DOUBLE and FLOAT through MPI_Reduce_local (which computes target = target op
     * source): IEEE addition and multiplication are commutative, so either operand order gives
     * ReduceOp's result (FLOAT: C's float arithmetic is the correctly rounded result that ReduceOp
     * computes through double). Other operations keep Java's loop: MIN and MAX differ in which
     * operand a tie of signed zeros or a NaN keeps, and integer types gain little.
     */
    @Override
    public boolean reduceLocally(ReduceOp op, DataType type, ByteBuffer source, int sourceOffset, ByteBuffer target,
                                 int targetOffset, int count, boolean sourceIsLeft) {
        if (op != ReduceOp.SUM && op != ReduceOp.PROD || type != DataType.DOUBLE && type != DataType.FLOAT
                || count < NATIVE_REDUCTION_MIN_COUNT || !source.isDirect() || !target.isDirect()) {
            return false;
        }
        try {
            return mpi.reduceLocal(source, sourceOffset, target, targetOffset, count, type, op);
        } catch (MpiException e) {
            throw new TransportException("MPI_Reduce_local of " + count + " " + type + " elements with " + op
                    + " failed: " + e.describe(), e);
        }
    }

    /**
     * Sends {@code reason} to every other rank on a channel of its own ({@link RevocationChannel}):
     * their operations on this transport that are still waiting fail within about
     * {@link RevocationChannel#POLL_INTERVAL_NANOS} of their next poll, and so do later ones, on
     * every rank, this one included.
     */
    @Override
    public synchronized void revoke(String reason) {
        if (!closed) {
            revocations.revoke(reason);
        }
    }

    /**
     * {@code MPI_Abort}: Open MPI ends every process of the job (and prints that it did). If MPI
     * fails to, this process halts, and mpirun ends the others when it sees a rank leave
     * without {@code MPI_Finalize}.
     */
    @Override
    public void abort(String reason) {
        System.err.flush();
        try {
            comm.abort(1);
        } catch (MpiException | RuntimeException e) {
            System.err.println("nbc: MPI_Abort failed (" + e + "); halting this process");
        }
        Runtime.getRuntime().halt(1);
    }

    /**
     * Frees the duplicate communicator. Receives still pending are cancelled; whatever MPI may
     * still touch is kept referenced for the life of the process (see {@link #ABANDONED}).
     *
     * @throws IllegalStateException if MPI was finalised first (the duplicate cannot be freed then)
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (mpi.finalized()) {
                throw new IllegalStateException("MpiTransport.close(): MPI_Finalize was called before the transport "
                        + "was closed; close every transport (and the engine using it) before MPI_Finalize");
            }
            for (Operation op = inFlight.next; op != inFlight; op = op.next) {
                op.abandon();
            }
            inFlight.next = inFlight;
            inFlight.previous = inFlight;
            // Messages probed but never received stay matched in MPI; their senders are abandoned too.
            awaitingReceives.clear();
            unclaimed.clear();
            revocations.close();
            comm.free();
        } catch (MpiException e) {
            throw new TransportException("MPI could not free nbc's duplicate communicator: " + e.describe(), e);
        }
    }

    private Operation track(Operation op) {
        op.previous = inFlight.previous;
        op.next = inFlight;
        inFlight.previous.next = op;
        inFlight.previous = op;
        return op;
    }

    /** Takes {@code op} out of the operations in flight; called under this transport's lock (every caller holds it). */
    private void completed(Operation op) {
        if (op.next != null) {
            op.previous.next = op.next;
            op.next.previous = op.previous;
            op.next = null;
            op.previous = null;
        }
    }

    /**
     * PROBED: matches every message that has arrived, each to the first receive awaiting one from
     * its sender with its tag, or keeps it for a receive yet to start. Runs whenever an operation
     * of this transport is tested while a receive awaits its message, not only when that receive
     * is tested: a send above the eager limit completes only once its receiver has matched it,
     * and the progress engine stops testing a round at its first unfinished operation, which may
     * be a send on both sides of an exchange. One probe of any sender and tag keeps a poll that
     * finds nothing at a single call into MPI, however many receives wait.
     */
    private void matchArrivals() {
        while (!awaitingReceives.isEmpty()) {
            try {
                MpiMessage arrival = comm.improbe();
                if (arrival == null) {
                    return;
                }
                Operation receive = firstAwaiting(arrival.source(), arrival.tag());
                if (receive == null) {
                    unclaimed.add(arrival);
                } else {
                    receive.take(arrival);
                }
            } catch (MpiException e) {
                failAwaiting(e);
                return;
            }
        }
    }

    /** Takes the first receive awaiting a message from {@code peer} with {@code tag} out of the list, or null. */
    private Operation firstAwaiting(int peer, int tag) {
        for (int i = 0; i < awaitingReceives.size(); i++) {
            Operation receive = awaitingReceives.get(i);
            if (receive.peer == peer && receive.tag == tag) {
                awaitingReceives.remove(i);
                receive.awaitingMessage = false;
                return receive;
            }
        }
        return null;
    }

    /** Takes the first message kept for a receive from {@code peer} with {@code tag}, or null. */
    private MpiMessage claim(int peer, int tag) {
        for (int i = 0; i < unclaimed.size(); i++) {
            MpiMessage arrival = unclaimed.get(i);
            if (arrival.source() == peer && arrival.tag() == tag) {
                return unclaimed.remove(i);
            }
        }
        return null;
    }

    /** MPI failed to probe: no receive awaiting a message can get one. */
    private void failAwaiting(MpiException e) {
        for (Operation receive : awaitingReceives) {
            receive.awaitingMessage = false;
            receive.finish();
            receive.failure = new TransportException(what(receive.kind, receive.peer, receive.tag, receive.length)
                    + " failed to probe: " + e.describe(), e);
        }
        awaitingReceives.clear();
    }

    /**
     * The receive of a message a probe found that does not fit: taken into memory of its own size
     * and dropped, so that nothing is written into the receive's range or past it. The message is
     * matched already, so its receive completes as soon as its bytes are in.
     */
    private static void discard(MpiMessage message) throws MpiException {
        MpiRequest receive = message.receive(ByteBuffer.allocateDirect(message.bytes()), 0, message.bytes());
        while (!receive.test()) {
            Thread.onSpinWait();
        }
    }

    private void checkUsable() {
        if (closed) {
            throw new IllegalStateException("the MPI transport is closed");
        }
        RevokedException revoked = revocations.revoked();
        if (revoked != null) {
            throw revoked;
        }
    }

    /** A revocation by any rank, looking for one now and then (called by operations still waiting). */
    private RevokedException revocation() {
        return revocations.poll();
    }

    /**
     * MPI must run, at MPI_THREAD_MULTIPLE: the progress thread calls MPI while the application
     * does, and below that level that is undefined behaviour, so a plain {@code MPI_Init} is
     * refused rather than run.
     */
    private static void checkMpiRunning(Mpi mpi, String caller) {
        if (!mpi.running()) {
            throw new IllegalStateException(caller + ": MPI is not running (call Mpi.init(args) "
                    + "first, and close transports before MPI_Finalize)");
        }
        String level = mpi.threadLevel();
        if (!level.equals("MPI_THREAD_MULTIPLE")) {
            throw new IllegalStateException(caller + ": MPI was initialised with thread level " + level
                    + ", but nbc needs MPI_THREAD_MULTIPLE (its progress thread calls MPI while the application does); "
                    + "initialise it with Mpi.init(args) or MPI.InitThread(args, MPI.THREAD_MULTIPLE)");
        }
    }

    static String what(String kind, int peer, int tag, int length) {
        return "MPI " + kind + " of " + length + " bytes " + (kind.equals("send") ? "to" : "from") + " peer " + peer
                + " with tag " + tag;
    }

    /** One iSend/iRecv; remembers its outcome because the binding's request must not be tested twice. */
    private static final class Operation implements PendingOperation {
        private final MpiTransport transport;
        private final String kind;
        private final int peer;
        private final int tag;
        private final int length;
        private MpiRequest request;    // null once MPI has released it (and, PROBED, until matched)
        private ByteBuffer buffer;     // holds the memory MPI reads or writes reachable until done
        private final int offset;
        private boolean done;
        private TransportException failure;
        /** PROBED receive that no message has matched yet (it is in the transport's list of them). */
        private boolean awaitingMessage;
        /** Neighbours in the transport's list of operations in flight (null once out of it). */
        private Operation previous;
        private Operation next;

        Operation(MpiTransport transport, MpiRequest request, ByteBuffer buffer, int offset, String kind, int peer, int tag,
                  int length) {
            this.transport = transport;
            this.request = request;
            this.buffer = buffer;
            this.offset = offset;
            this.kind = kind;
            this.peer = peer;
            this.tag = tag;
            this.length = length;
        }

        /** The sentinel of a circular list of operations in flight: empty, it links to itself. */
        static Operation listHead() {
            Operation head = new Operation(null, null, null, 0, "list head", -1, -1, 0);
            head.previous = head;
            head.next = head;
            return head;
        }

        /**
         * PROBED: receives the message a probe matched to this receive if it fits; otherwise drops
         * it, writing nothing, and fails (at its next test).
         */
        void take(MpiMessage arrival) {
            try {
                if (arrival.bytes() > length) {
                    discard(arrival);
                    finish();
                    failure = new TransportException("message truncated: rank " + peer + " sent " + arrival.bytes()
                            + " bytes with tag " + tag + " to rank " + transport.rank() + ", whose matching receive has room for "
                            + length + " bytes; nothing was written (the size was probed before receiving)");
                    return;
                }
                request = arrival.receive(buffer, offset, length);
            } catch (MpiException e) {
                finish();
                failure = new TransportException(what(kind, peer, tag, length) + " failed to receive its probed message: "
                        + e.describe(), e);
            }
        }

        /** Not complete yet: fails instead if a rank has revoked the transport. */
        private boolean stillWaiting() {
            RevokedException revoked = transport.revocation();
            if (revoked != null) {
                if (awaitingMessage) {
                    stopAwaiting();   // no later message may be written into its range
                }
                // A request stays tracked: close() withdraws it and keeps its memory referenced.
                failure = revoked;
                throw revoked;
            }
            return false;
        }

        @Override
        public boolean test() {
            // Under the transport's lock: close() may run on another thread and free the request.
            synchronized (transport) {
                return testLocked();
            }
        }

        private boolean testLocked() {
            if (failure != null) {
                throw failure;
            }
            if (done) {
                return true;
            }
            transport.matchArrivals();
            if (failure != null) {
                throw failure;
            }
            if (awaitingMessage) {
                return stillWaiting();
            }
            MpiRequest current = request;
            if (current == null) {
                failure = new TransportException(what(kind, peer, tag, length) + " was abandoned by MpiTransport.close()");
                throw failure;
            }
            try {
                if (!current.test()) {
                    return stillWaiting();
                }
                finish();
                done = true;
                return true;
            } catch (MpiException e) {
                // MPI has released the failed request: drop the handle unused.
                finish();
                String message = what(kind, peer, tag, length) + " failed: " + e.describe();
                failure = e.truncation()
                        ? new MemoryOverwrittenException(message + "; MPI may have written the rest past the receive's "
                                + "range, so the job cannot go on (" + ReceiveMode.VARIABLE + "=probed or "
                                + "NBC_CHECK=on refuse a longer message before it is written)", e)
                        : new TransportException(message, e);
                throw failure;
            }
        }

        /**
         * Cancels a receive that is still pending (MPI_Cancel); the next test() completes it,
         * cancelled or, if a message had matched it already, received. Sends are left to complete:
         * cancelling a send is deprecated in MPI 4 and Open MPI's ob1 cannot cancel a matched one.
         */
        @Override
        public void cancel() {
            synchronized (transport) {
                if (awaitingMessage) {
                    // A probed receive without its message holds nothing of MPI's: withdrawn at once.
                    stopAwaiting();
                    done = true;
                    return;
                }
                MpiRequest current = request;
                if (current == null || done || failure != null || !kind.equals("receive")) {
                    return;
                }
                try {
                    current.cancel();
                } catch (MpiException e) {
                    // not cancelled: the receive completes (or fails) as it would have, and test() says so
                }
            }
        }

        /** A PROBED receive without its message is over: no arrival will be matched to it. */
        private void stopAwaiting() {
            awaitingMessage = false;
            transport.awaitingReceives.remove(this);
            finish();
        }

        private void finish() {
            request = null;
            buffer = null;
            transport.completed(this);
        }

        /** Called by close() under the transport's lock, for an operation not seen complete. */
        void abandon() {
            MpiRequest current = request;
            ByteBuffer memory = buffer;
            request = null;
            buffer = null;
            awaitingMessage = false;   // a probed receive not yet matched holds nothing of MPI's
            if (memory != null) {
                ABANDONED.add(memory);
            }
            if (current == null) {
                return;
            }
            try {
                if (kind.equals("receive")) {
                    current.cancel();   // an unmatched receive would otherwise wait forever
                }
                current.free();
            } catch (MpiException e) {
                // close() goes on: the communicator must still be freed; the memory stays referenced
            }
        }
    }
}
