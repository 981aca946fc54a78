package dev.nbc.core.transport.mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import dev.nbc.core.EnvironmentSetting;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;

/**
 * Long messages to ranks on other nodes, sent as a train of eager messages, so that they cross
 * the network without anyone calling into MPI.
 *
 * <p>Open MPI's TCP path (pml ob1, btl tcp) sends a message longer than its eager limit (64 KiB
 * with the header) by rendezvous: the first fragment, then nothing until the receiver's library
 * has matched it and answered, and then at most three fragments of 128 KiB at a time, each
 * further one pushed by a later call into MPI. A progress thread that shares its core with the
 * application calls MPI only when it wakes, so a 256 KiB message waited for several of its
 * wake-ups and the link stood idle between them. A message of eager size is written into the
 * socket when its send is posted and lands in the receiver's socket buffer whether or not the
 * receiver calls MPI; so a message is sent as pieces of eager size, each an MPI message of its own
 * with the message's tag, which MPI's non-overtaking order keeps in sequence (measured across
 * namespace hosts in docs/across-hosts.md).
 *
 * <p>The last piece is sent synchronously (MPI_Issend: its data still goes at once, and the send
 * completes once the receiver has matched it), so that a send completes, as a rendezvous send
 * does, only once its receiver has the whole message, and a sender never runs ahead of its
 * receiver. With every piece a plain eager send, a broadcast's root ran ahead of its leaf in a
 * loop of back-to-back broadcasts, and 1 % of the iterations took 11 ms where the line takes
 * 0.53 ms (64 KiB across namespace hosts at 1 Gbit/s); with the last piece synchronous 0.57 ms,
 * Open MPI's own 0.58. Across those hosts (64 KiB-4 MiB, four collectives, 3 runs each, in a row)
 * the thread hid 85 % at the median with the last piece synchronous, 75 % with the first and
 * 70 % with none (nbc-manual 70-78 %, Open MPI 73-79 % in the same runs): a root that waits for
 * its leaf has the transfer to hide, and the leaf's completion is seen on time.
 *
 * <p>A train starts with a 4-byte message holding the message's length, which the receiver
 * compares with its own: a message longer or shorter than its receive fails the receive, having
 * written nothing past its range (every piece is sent eagerly, so MPI truncates it safely).
 * A train into a receive of at most one piece, which receives the length as a message of 4
 * bytes, is not recognised; the consistency check ({@code NBC_CHECK}) compares the ranks' counts
 * before any data moves.
 *
 * <p>Ranks on the same node (as the MPI library sees nodes) never get pieces: their messages go
 * through shared memory, where a train is only more handshakes. Nor does a transport that
 * receives {@link ReceiveMode#PROBED}. Every rank must send and receive the same way, so the
 * piece size is agreed when the transport is created: pieces are used only if every rank asked for
 * the same size.
 */
final class MessagePieces {
    /** The environment variable and system property (which wins) that set the piece size: bytes, or "off". */
    static final String VARIABLE = "NBC_MPI_PIECE";
    static final String PROPERTY = "nbc.mpi.piece";

    /** Open MPI's default eager limit of its TCP path (btl_tcp_eager_limit), header included. */
    static final int OPEN_MPI_TCP_EAGER_LIMIT = 65536;
    /** Room left in a piece for ob1's match header (16 bytes in Open MPI 4.1), with a margin. */
    static final int HEADER_ALLOWANCE = 64;
    /** The smallest piece size a user may ask for: smaller pieces cost more calls than they save. */
    static final int MIN_PIECE_BYTES = 1024;

    /** No pieces: every message is one MPI message. */
    static final MessagePieces NONE = new MessagePieces(0, new boolean[0]);

    private final int pieceBytes;
    /** Per rank of the transport's communicator: on another node than this rank's. */
    private final boolean[] remote;

    MessagePieces(int pieceBytes, boolean[] remote) {
        this.pieceBytes = pieceBytes;
        this.remote = remote;
    }

    /** The piece size, 0 if messages are never split. */
    int pieceBytes() {
        return pieceBytes;
    }

    /** True if a message of {@code length} bytes to or from {@code peer} travels as pieces. */
    boolean apply(int peer, int length) {
        return pieceBytes > 0 && length > pieceBytes && remote[peer];
    }

    /**
     * The piece size this rank asks for: {@link #PROPERTY} or {@link #VARIABLE} if set, else, on
     * Open MPI, its TCP eager limit ({@code OMPI_MCA_btl_tcp_eager_limit}, as {@code mpirun --mca}
     * passes it, else the default) less the header; none on other MPIs, whose eager limits nbc
     * has not measured, nor for probed receives.
     *
     * @throws IllegalArgumentException if the setting is neither "off" nor a size of at least
     *         {@link #MIN_PIECE_BYTES}
     */
    static int requested(Mpi mpi, ReceiveMode receiveMode) {
        int asked = EnvironmentSetting.read(PROPERTY, VARIABLE, MessagePieces::parse, -1);
        if (receiveMode == ReceiveMode.PROBED) {
            return 0;
        }
        if (asked >= 0) {
            return asked;
        }
        return mpi.implementation().equals("openmpi") ? openMpiEagerLimit(System.getenv("OMPI_MCA_btl_tcp_eager_limit"))
                - HEADER_ALLOWANCE : 0;
    }

    static int parse(String value) {
        String trimmed = value.trim();
        if (trimmed.equalsIgnoreCase("off")) {
            return 0;
        }
        try {
            int bytes = Integer.parseInt(trimmed);
            if (bytes >= MIN_PIECE_BYTES) {
                return bytes;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": must be off or a piece size in bytes of at least "
                + MIN_PIECE_BYTES + ", but was '" + value + "'");
    }

    /**
     * Open MPI's TCP eager limit from the value of its MCA variable: bytes, or with Open MPI's
     * suffixes k, m, g (powers of 1024); the default if unset or unreadable (Open MPI refuses
     * such a value itself).
     */
    static int openMpiEagerLimit(String value) {
        if (value == null || value.isBlank()) {
            return OPEN_MPI_TCP_EAGER_LIMIT;
        }
        String text = value.trim().toLowerCase(java.util.Locale.ROOT);
        int shift = switch (text.charAt(text.length() - 1)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        try {
            long limit = Long.parseLong(shift == 0 ? text : text.substring(0, text.length() - 1).trim()) << shift;
            return (int) Math.max(MIN_PIECE_BYTES + HEADER_ALLOWANCE, Math.min(limit, Integer.MAX_VALUE));
        } catch (NumberFormatException e) {
            return OPEN_MPI_TCP_EAGER_LIMIT;
        }
    }

    /**
     * The pieces of the transport over {@code comm}, agreed by all its ranks: which ranks are on
     * other nodes (MPI_Comm_split_type), and the piece size if every rank asked for the same one
     * and this rank has peers on other nodes ({@link #NONE} otherwise). Collective over {@code comm}.
     */
    static MessagePieces agree(MpiComm comm, int requested) throws MpiException {
        int size = comm.size();
        if (size == 1) {
            return NONE;
        }
        MpiComm node = comm.splitShared();
        ByteBuffer leader = intBuffer(1);
        try {
            // The node's first rank in comm's order names the node.
            leader.putInt(0, comm.rank());
            node.collectives().run(OwnCollective.of(Collective.BCAST, null, leader, 1, DataType.INT, null, 0));
        } finally {
            node.free();
        }
        ByteBuffer mine = intBuffer(2);
        mine.putInt(0, leader.getInt(0)).putInt(4, requested);
        ByteBuffer all = intBuffer(2 * size);
        comm.collectives().run(OwnCollective.of(Collective.ALLGATHER, mine, all, 2, DataType.INT, null, 0));
        boolean[] remote = new boolean[size];
        boolean agreed = true;
        boolean anyRemote = false;
        for (int rank = 0; rank < size; rank++) {
            remote[rank] = all.getInt(8 * rank) != leader.getInt(0);
            anyRemote |= remote[rank];
            agreed &= all.getInt(8 * rank + 4) == requested;
        }
        return agreed && anyRemote && requested > 0 ? new MessagePieces(requested, remote) : NONE;
    }

    /** Pieces of {@code pieceBytes} to every one of {@code size} ranks (a test's, on one node). */
    static MessagePieces toEveryRank(int pieceBytes, int size) {
        boolean[] remote = new boolean[size];
        java.util.Arrays.fill(remote, true);
        return new MessagePieces(pieceBytes, remote);
    }

    private static ByteBuffer intBuffer(int ints) {
        return ByteBuffer.allocateDirect(4 * ints).order(ByteOrder.nativeOrder());
    }

    /** Sends bytes {@code [offset, offset + length)} to {@code peer} as its length, then its pieces. */
    MpiRequest send(MpiComm comm, ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        ByteBuffer header = intBuffer(1).putInt(0, length);
        Train train = new Train(pieceBytes, comm, peer, tag, header, buffer, length, false);
        try {
            train.add(comm.send(header, 0, 4, peer, tag));
            for (int start = 0; start < length; start += pieceBytes) {
                int piece = Math.min(pieceBytes, length - start);
                // The last piece completes only once matched: a sender does not run ahead of its receiver.
                train.add(start + piece == length ? comm.sendSynchronous(buffer, offset + start, piece, peer, tag)
                        : comm.send(buffer, offset + start, piece, peer, tag));
            }
        } catch (MpiException e) {
            train.release();
            throw e;
        }
        return train;
    }

    /** Receives a train into bytes {@code [offset, offset + length)} from {@code peer}: its length, then its pieces. */
    MpiRequest receive(MpiComm comm, ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        ByteBuffer header = intBuffer(1);
        Train train = new Train(pieceBytes, comm, peer, tag, header, buffer, length, true);
        try {
            train.add(comm.receive(header, 0, 4, peer, tag));
            for (int start = 0; start < length; start += pieceBytes) {
                train.add(comm.receive(buffer, offset + start, Math.min(pieceBytes, length - start), peer, tag));
            }
        } catch (MpiException e) {
            train.release();
            throw e;
        }
        return train;
    }

    /**
     * The requests of one message's train, complete when all are; a receive's fails once its
     * length message says another length than the receive's.
     */
    private static final class Train implements MpiRequest {
        private final int pieceBytes;
        private final MpiComm comm;
        private final int peer;
        private final int tag;
        private final List<MpiRequest> requests = new ArrayList<>();
        /** The length message, kept reachable while MPI reads or writes it. */
        private final ByteBuffer header;
        /** The message's memory, kept past a failure while MPI may still use it ({@link #release}). */
        private final ByteBuffer buffer;
        private final int length;
        private final boolean receive;
        /** Requests before this one have completed (MPI has released them). */
        private int completed;
        /** cancel() was called: the length message may never have come, and is not checked. */
        private boolean cancelled;

        Train(int pieceBytes, MpiComm comm, int peer, int tag, ByteBuffer header, ByteBuffer buffer, int length,
              boolean receive) {
            this.pieceBytes = pieceBytes;
            this.comm = comm;
            this.peer = peer;
            this.tag = tag;
            this.header = header;
            this.buffer = buffer;
            this.length = length;
            this.receive = receive;
        }

        void add(MpiRequest request) {
            requests.add(request);
        }

        @Override
        public boolean test() throws MpiException {
            return advance(false);
        }

        @Override
        public void await() throws MpiException {
            advance(true);
        }

        /**
         * Takes the requests in order while they complete, each tested ({@code block}: waited
         * for) once; true when all have. The length message is checked as soon as it is in.
         */
        private boolean advance(boolean block) throws MpiException {
            while (completed < requests.size()) {
                MpiRequest next = requests.get(completed);
                try {
                    if (block) {
                        next.await();
                    } else if (!next.test()) {
                        return false;
                    }
                } catch (MpiException e) {
                    completed++;
                    release();
                    throw e;
                }
                completed++;
                if (completed == 1) {
                    checkLength();
                }
            }
            return true;
        }

        /**
         * A receive whose sender's length differs from its own fails, releasing its pieces; the
         * pieces of a longer train that it has no receives for are received into memory of their
         * own and dropped, so that the sender's train completes.
         */
        private void checkLength() throws MpiException {
            int sent = header.getInt(0);
            if (!receive || cancelled || sent == length) {
                return;
            }
            // Requests 1..(the sender's pieces) each match one of its pieces (whole, or truncated
            // without harm: every piece is eager): MPI completes them; later ones match nothing.
            release(1 + pieceCount(sent));
            int unreceived = pieceCount(sent) - pieceCount(length);
            if (unreceived > 0) {
                ByteBuffer dropped = ByteBuffer.allocateDirect(pieceBytes);
                MpiTransport.ABANDONED.add(dropped);   // written after this request is forgotten
                for (int i = 0; i < unreceived; i++) {
                    comm.receive(dropped, 0, pieceBytes, peer, tag).free();
                }
            }
            throw new MpiException("the message sent in pieces holds " + sent + " bytes, but its receive has room for "
                    + length + " (nothing was written past the receive's range)", 0, 0, false, null);
        }

        private int pieceCount(int bytes) {
            return (bytes + pieceBytes - 1) / pieceBytes;
        }

        @Override
        public void cancel() throws MpiException {
            if (receive) {
                cancelled = true;
                for (int i = completed; i < requests.size(); i++) {
                    requests.get(i).cancel();
                }
            }
        }

        @Override
        public void free() throws MpiException {
            release();
        }

        /**
         * Lets MPI complete the requests not yet seen complete on its own, receives cancelled
         * first (a piece no message will match would wait forever); nothing is tested afterwards.
         * The memory stays referenced for the life of the process ({@link MpiTransport#ABANDONED}):
         * a piece that had matched cannot be cancelled and is still written or read.
         */
        void release() {
            release(completed);
        }

        /** As {@link #release()}, cancelling only receives from request {@code firstToCancel} on. */
        private void release(int firstToCancel) {
            if (completed < requests.size()) {
                MpiTransport.ABANDONED.add(buffer);
                MpiTransport.ABANDONED.add(header);
            }
            for (int i = completed; i < requests.size(); i++) {
                try {
                    if (receive && i >= firstToCancel) {
                        requests.get(i).cancel();
                    }
                    requests.get(i).free();
                } catch (MpiException ignored) {
                    // the train has failed or been abandoned already; MPI keeps what it cannot free
                }
            }
            completed = requests.size();
        }
    }
}
