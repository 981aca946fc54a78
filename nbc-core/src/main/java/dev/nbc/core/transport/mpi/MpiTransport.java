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
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Message;
import mpi.Request;
import mpi.Status;

/**
 * {@link Transport} over Open MPI's Java bindings (Open MPI 4.1.x / 5.0.x; Open MPI 6 has none).
 *
 * <p>The transport works on a duplicate of the application's communicator, so that the library's
 * messages can never match the application's receives (nor the other way round), with the error
 * handler {@code MPI.ERRORS_RETURN} on that duplicate, so that a failed operation (a truncated
 * receive, say) becomes a {@link TransportException}: whether the job then ends is the progress
 * engine's error policy's decision ({@code NBC_ERRORS}).
 *
 * <p>MPI must run at {@code MPI.THREAD_MULTIPLE}: the progress engine's thread calls MPI while the
 * application's threads do. {@link #initThreadMultiple} initialises MPI so and checks it, and
 * {@link #create} refuses an MPI initialised at a lower level (a plain {@code MPI.Init}).
 *
 * <p>Binding facts this class relies on (Open MPI 4.1.4, {@code ompi/mpi/java}):
 * <ul>
 * <li>{@code iSend/iRecv(Buffer, ...)} pass the buffer's base address to MPI, ignoring its
 * position, so a byte range is sent as {@code buffer.slice(offset, length)} (or as the buffer
 * itself when it starts at offset 0: {@link #range}).</li>
 * <li>{@code Request.test()} frees the native request when it completes and nulls the Java handle;
 * when the request completed with an error, MPI frees it too but the binding leaves the old handle
 * in the Java object. A request is therefore never tested, freed or cancelled again once it
 * completed or failed.</li>
 * <li>{@code Request.testAny} allocates per call and rejects null requests, so it is not used.</li>
 * </ul>
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

    /** MPI guarantees at least this tag upper bound; used when TAG_UB cannot be read. */
    private static final int MPI_MIN_TAG_UB = 32767;

    /**
     * Ranges of operations abandoned by {@link #close()} while MPI might still write into (or read
     * from) them. They stay referenced until the process exits, so that the garbage collector
     * cannot free memory a late-arriving message is written to.
     */
    static final List<ByteBuffer> ABANDONED = Collections.synchronizedList(new ArrayList<>());

    private final Comm comm;
    private final RevocationChannel revocations;
    private final int rank;
    private final int size;
    private final int maxTag;
    /**
     * Operations started and not yet seen complete, linked through their own fields (a hashed set
     * cost a small collective ~6 % of its time). Holding them keeps each mpi.Request and
     * its slice reachable while MPI uses the memory, even if the caller drops the PendingOperation.
     */
    private final Operation inFlight = Operation.listHead();
    private final ReceiveMode receiveMode;
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
    private final List<Arrival> unclaimed = new ArrayList<>();
    /** PROBED: the handle the next successful probe fills (a new one after each). */
    private Message nextArrival = new Message();
    private boolean closed;

    private MpiTransport(Comm comm, ReceiveMode receiveMode) throws MPIException {
        this.comm = comm;
        this.receiveMode = receiveMode;
        this.rank = comm.getRank();
        this.size = comm.getSize();
        this.maxTag = readTagUpperBound();
        this.revocations = RevocationChannel.open(comm, rank, size);
    }

    /**
     * A transport over a duplicate of {@code comm}; the caller keeps {@code comm} and must
     * {@link #close()} the transport before {@code MPI.Finalize()}.
     *
     * @throws IllegalArgumentException if {@code comm} is null or freed
     * @throws IllegalStateException if MPI is not initialised (or already finalised), or was
     *         initialised with less than {@code MPI.THREAD_MULTIPLE}
     * @throws TransportException if MPI fails to duplicate the communicator
     */
    public static MpiTransport create(Comm comm) {
        return create(comm, ReceiveMode.fromEnvironment());
    }

    /**
     * As {@link #create(Comm)}, with receives of the given mode ({@link #create(Comm)} takes
     * {@code NBC_MPI_RECEIVES}, posted by default).
     *
     * @throws IllegalArgumentException if an argument is null or {@code comm} is freed
     */
    public static MpiTransport create(Comm comm, ReceiveMode receiveMode) {
        if (receiveMode == null) {
            throw new IllegalArgumentException("receiveMode: must not be null");
        }
        if (comm == null) {
            throw new IllegalArgumentException("comm: must not be null");
        }
        if (comm.isNull()) {
            throw new IllegalArgumentException("comm: must be a live communicator, but it is MPI.COMM_NULL or freed");
        }
        checkMpiRunning("MpiTransport.create");
        checkThreadMultiple("MpiTransport.create");
        Comm dup = null;
        try {
            dup = comm.dup();
            dup.setErrhandler(MPI.ERRORS_RETURN);
            return new MpiTransport(dup, receiveMode);
        } catch (MPIException e) {
            if (dup != null) {
                try {
                    dup.free();
                } catch (MPIException ignored) {
                    // the original failure is the one to report
                }
            }
            throw new TransportException("MPI could not duplicate the communicator for nbc: " + describe(e), e);
        }
    }

    /**
     * Initialises MPI with {@code MPI.THREAD_MULTIPLE}, or checks the level if the application
     * already initialised MPI.
     *
     * @return the arguments MPI leaves to the application
     * @throws IllegalStateException if MPI grants less than THREAD_MULTIPLE, saying what it granted
     * @throws TransportException if MPI_Init_thread fails
     */
    public static String[] initThreadMultiple(String[] args) {
        try {
            int provided;
            if (MPI.isInitialized()) {
                provided = MPI.queryThread();
            } else {
                provided = MPI.InitThread(args == null ? new String[0] : args, MPI.THREAD_MULTIPLE);
            }
            if (provided != MPI.THREAD_MULTIPLE) {
                throw new IllegalStateException("MPI granted thread level " + threadLevelName(provided)
                        + " but nbc needs MPI.THREAD_MULTIPLE (its progress thread calls MPI while the application "
                        + "does); use an Open MPI built with thread-multiple support (scripts/setup checks this)");
            }
            return args == null ? new String[0] : args;
        } catch (MPIException e) {
            throw new TransportException("MPI_Init_thread(MPI_THREAD_MULTIPLE) failed: " + describe(e), e);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
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
        ByteBuffer range = range(buffer, offset, length);
        synchronized (this) {
            checkUsable();
            try {
                Request request = comm.iSend(range, length, MPI.BYTE, peer, tag);
                return track(new Operation(this, request, range, "send", peer, tag, length));
            } catch (MPIException e) {
                throw new TransportException(what("send", peer, tag, length) + " could not start: " + describe(e), e);
            }
        }
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkReceive(this, buffer, offset, length, peer, tag);
        ByteBuffer range = range(buffer, offset, length);
        synchronized (this) {
            checkUsable();
            if (receiveMode == ReceiveMode.PROBED) {
                Operation receive = track(new Operation(this, null, range, "receive", peer, tag, length));
                Arrival arrival = claim(peer, tag);
                if (arrival == null) {
                    receive.awaitingMessage = true;
                    awaitingReceives.add(receive);
                } else {
                    receive.take(arrival);
                }
                return receive;
            }
            try {
                Request request = comm.iRecv(range, length, MPI.BYTE, peer, tag);
                return track(new Operation(this, request, range, "receive", peer, tag, length));
            } catch (MPIException e) {
                throw new TransportException(what("receive", peer, tag, length) + " could not start: " + describe(e), e);
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
        Op mpiOp = op == ReduceOp.SUM ? MPI.SUM : op == ReduceOp.PROD ? MPI.PROD : null;
        Datatype mpiType = type == DataType.DOUBLE ? MPI.DOUBLE : type == DataType.FLOAT ? MPI.FLOAT : null;
        if (mpiOp == null || mpiType == null || count < NATIVE_REDUCTION_MIN_COUNT || !source.isDirect()
                || !target.isDirect()) {
            return false;
        }
        int bytes = type.bytesFor(count);
        try {
            // The binding passes a direct buffer's base address: slices put it at the offsets.
            Comm.reduceLocal(source.slice(sourceOffset, bytes), target.slice(targetOffset, bytes), count, mpiType, mpiOp);
            return true;
        } catch (MPIException e) {
            throw new TransportException("MPI_Reduce_local of " + count + " " + type + " elements with " + op
                    + " failed: " + describe(e), e);
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
        } catch (MPIException | RuntimeException e) {
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
            if (MPI.isFinalized()) {
                throw new IllegalStateException("MpiTransport.close(): MPI.Finalize() was called before the transport "
                        + "was closed; close every transport (and the engine using it) before MPI.Finalize()");
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
        } catch (MPIException e) {
            throw new TransportException("MPI could not free nbc's duplicate communicator: " + describe(e), e);
        }
    }

    /** The memory MPI is given for {@code length} bytes at {@code offset}: it sees the buffer's base address. */
    private static ByteBuffer range(ByteBuffer buffer, int offset, int length) {
        return offset == 0 ? buffer : buffer.slice(offset, length);
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

    /** A message a probe matched: its handle and size, its sender and tag. */
    private record Arrival(Message message, int peer, int tag, int bytes) {
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
            Status status;
            try {
                status = nextArrival.imProbe(MPI.ANY_SOURCE, MPI.ANY_TAG, comm);
                if (status == null) {
                    return;
                }
                Arrival arrival = new Arrival(nextArrival, status.getSource(), status.getTag(), status.getCount(MPI.BYTE));
                nextArrival = new Message();
                Operation receive = firstAwaiting(arrival.peer(), arrival.tag());
                if (receive == null) {
                    unclaimed.add(arrival);
                } else {
                    receive.take(arrival);
                }
            } catch (MPIException e) {
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
    private Arrival claim(int peer, int tag) {
        for (int i = 0; i < unclaimed.size(); i++) {
            Arrival arrival = unclaimed.get(i);
            if (arrival.peer() == peer && arrival.tag() == tag) {
                return unclaimed.remove(i);
            }
        }
        return null;
    }

    /** MPI failed to probe: no receive awaiting a message can get one. */
    private void failAwaiting(MPIException e) {
        for (Operation receive : awaitingReceives) {
            receive.awaitingMessage = false;
            receive.finish();
            receive.failure = new TransportException(what(receive.kind, receive.peer, receive.tag, receive.length)
                    + " failed to probe: " + describe(e), e);
        }
        awaitingReceives.clear();
    }

    /**
     * The receive of a message {@code imProbe} found that does not fit: taken into memory of its
     * own size and dropped, so that nothing is written into the receive's range or past it.
     */
    private void discard(Message message, int bytes) throws MPIException {
        message.mRecv(ByteBuffer.allocateDirect(bytes), bytes, MPI.BYTE);
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
        return revocations.poll(System.nanoTime());
    }

    private int readTagUpperBound() throws MPIException {
        // TAG_UB is a predefined attribute cached on MPI_COMM_WORLD; the binding returns an Integer.
        Object value = MPI.COMM_WORLD.getAttr(MPI.TAG_UB);
        if (value instanceof Integer tagUb && tagUb >= MPI_MIN_TAG_UB) {
            return tagUb;
        }
        return MPI_MIN_TAG_UB;
    }

    private static void checkMpiRunning(String caller) {
        try {
            if (!MPI.isInitialized() || MPI.isFinalized()) {
                throw new IllegalStateException(caller + ": MPI is not running (call MpiTransport.initThreadMultiple(args) "
                        + "first, and close transports before MPI.Finalize())");
            }
        } catch (MPIException e) {
            throw new TransportException(caller + ": cannot ask MPI whether it is initialised: " + describe(e), e);
        }
    }

    /**
     * The progress thread calls MPI while the application does: below THREAD_MULTIPLE that is
     * undefined behaviour, so a plain {@code MPI.Init} is refused rather than run.
     */
    private static void checkThreadMultiple(String caller) {
        int provided;
        try {
            provided = MPI.queryThread();
        } catch (MPIException e) {
            throw new TransportException(caller + ": cannot ask MPI for its thread level: " + describe(e), e);
        }
        if (provided != MPI.THREAD_MULTIPLE) {
            throw new IllegalStateException(caller + ": MPI was initialised with thread level " + threadLevelName(provided)
                    + ", but nbc needs MPI.THREAD_MULTIPLE (its progress thread calls MPI while the application does); "
                    + "initialise it with MpiTransport.initThreadMultiple(args) or MPI.InitThread(args, MPI.THREAD_MULTIPLE)");
        }
    }

    static String what(String kind, int peer, int tag, int length) {
        return "MPI " + kind + " of " + length + " bytes " + (kind.equals("send") ? "to" : "from") + " peer " + peer
                + " with tag " + tag;
    }

    static String describe(MPIException e) {
        String reason = e.getMessage();
        int errorClass = e.getErrorClass();
        if (errorClass == MPI.ERR_TRUNCATE) {
            reason = "the matching message was longer than the receive (MPI_ERR_TRUNCATE): " + reason;
        }
        return reason + " (MPI error class " + errorClass + ", code " + e.getErrorCode() + ")";
    }

    private static String threadLevelName(int level) {
        if (level == MPI.THREAD_SINGLE) {
            return "MPI.THREAD_SINGLE";
        } else if (level == MPI.THREAD_FUNNELED) {
            return "MPI.THREAD_FUNNELED";
        } else if (level == MPI.THREAD_SERIALIZED) {
            return "MPI.THREAD_SERIALIZED";
        }
        return String.valueOf(level);
    }

    /** One iSend/iRecv; remembers its outcome because the binding's request must not be tested twice. */
    private static final class Operation implements PendingOperation {
        private final MpiTransport transport;
        private final String kind;
        private final int peer;
        private final int tag;
        private final int length;
        private Request request;       // null once MPI has released it (and, PROBED, until matched)
        private ByteBuffer range;      // the memory MPI reads or writes, kept reachable until done
        private boolean done;
        private TransportException failure;
        /** PROBED receive that no message has matched yet (it is in the transport's list of them). */
        private boolean awaitingMessage;
        /** Neighbours in the transport's list of operations in flight (null once out of it). */
        private Operation previous;
        private Operation next;

        Operation(MpiTransport transport, Request request, ByteBuffer range, String kind, int peer, int tag, int length) {
            this.transport = transport;
            this.request = request;
            this.range = range;
            this.kind = kind;
            this.peer = peer;
            this.tag = tag;
            this.length = length;
        }

        /** The sentinel of a circular list of operations in flight: empty, it links to itself. */
        static Operation listHead() {
            Operation head = new Operation(null, null, null, "list head", -1, -1, 0);
            head.previous = head;
            head.next = head;
            return head;
        }

        /**
         * PROBED: receives the message a probe matched to this receive if it fits; otherwise drops
         * it, writing nothing, and fails (at its next test).
         */
        void take(Arrival arrival) {
            try {
                if (arrival.bytes() > length) {
                    transport.discard(arrival.message(), arrival.bytes());
                    finish();
                    failure = new TransportException("message truncated: rank " + peer + " sent " + arrival.bytes()
                            + " bytes with tag " + tag + " to rank " + transport.rank + ", whose matching receive has room for "
                            + length + " bytes; nothing was written (the size was probed before receiving)");
                    return;
                }
                request = arrival.message().imRecv(range, length, MPI.BYTE);
            } catch (MPIException e) {
                finish();
                failure = new TransportException(what(kind, peer, tag, length) + " failed to receive its probed message: "
                        + describe(e), e);
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
            Request current = request;
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
            } catch (MPIException e) {
                // MPI has freed the failed request; the Java handle is stale, so drop it unused.
                finish();
                String message = what(kind, peer, tag, length) + " failed: " + describe(e);
                failure = e.getErrorClass() == MPI.ERR_TRUNCATE
                        ? new MemoryOverwrittenException(message + "; Open MPI may have written the rest past the receive's "
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
                Request current = request;
                if (current == null || done || failure != null || !kind.equals("receive")) {
                    return;
                }
                try {
                    current.cancel();
                } catch (MPIException e) {
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
            range = null;
            transport.completed(this);
        }

        /** Called by close() under the transport's lock, for an operation not seen complete. */
        void abandon() {
            Request current = request;
            ByteBuffer memory = range;
            request = null;
            range = null;
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
            } catch (MPIException e) {
                // close() goes on: the communicator must still be freed; the memory stays referenced
            }
        }
    }
}
