package dev.nbc.core.integration;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.algorithm.alltoall.AlltoallvAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallwAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.core.transport.mpi.ReceiveMode;
import dev.nbc.core.transport.tcp.AddressExchange;
import dev.nbc.core.transport.tcp.TcpTransport;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.OwnCollective;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Runs on MPI ranks (through scripts/nbcrun): every nbc collective, algorithm, type and operation
 * on the same data as the MPI library's own blocking collective (Open MPI's or MPICH's, reached
 * the way {@code NBC_MPI} says), compared byte for byte. Prints one line
 * per mismatch and a summary on rank 0; exits 1 if any rank saw a mismatch.
 * Arguments: [seed] [THREAD|MANUAL] [mpi|tcp] [posted|probed]: nbc's communicator over MPI
 * (default) or over nbc's own TCP transport between the same ranks (its addresses exchanged over
 * MPI, each rank listening on its host's interface: the only up non-loopback IPv4 one, else the
 * loopback); over MPI, its receives posted or probed (default: {@link ReceiveMode#fromEnvironment()}).
 * With probed receives, whose matching differs from posted ones only in when a message is taken,
 * not in what the collective computes, every collective and algorithm runs on doubles at the sizes
 * of {@link #SWEEP_BYTES} instead of every type, operation and root.
 */
public final class CollectivesVsMpi {
    private static final int[] COUNTS = {0, 1, 7, 1000, 65_539};
    /**
     * Message sizes on both sides of Open MPI's eager limits (4 KiB over shared memory, 64 KiB over
     * TCP), where a probed receive must be matched before its sender's send can complete: none, a
     * double, 511 and 513 doubles, 64 KiB and 4 MiB. A block collective's blocks are at most
     * 4 MiB over all ranks.
     */
    private static final int[] SWEEP_BYTES = {0, 8, 4088, 4104, 65_536, 4 << 20};
    /** MPI_COMM_WORLD, whose library's own collectives give the expected results. */
    private static MpiComm world;

    private final Communicator comm;
    private final long seed;
    private int checks;
    private int mismatches;

    private CollectivesVsMpi(Communicator comm, long seed) {
        this.comm = comm;
        this.seed = seed;
    }

    public static void main(String[] args) throws MpiException {
        Mpi mpi = Mpi.init(args);
        world = mpi.world();
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 1;
        ProgressMode mode = args.length > 1 ? ProgressMode.valueOf(args[1]) : ProgressMode.THREAD;
        boolean tcp = args.length > 2 && args[2].equals("tcp");
        ReceiveMode receives = args.length > 3 ? ReceiveMode.parse(args[3]) : ReceiveMode.fromEnvironment();
        int failures;
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             Communicator comm = Communicator.create(engine, tcp ? tcpMesh() : MpiTransport.create(world, receives))) {
            CollectivesVsMpi run = new CollectivesVsMpi(comm, seed);
            if (receives == ReceiveMode.PROBED) {
                run.sweep();
            } else {
                run.all();
            }
            ByteBuffer counted = Buffers.allocate(2, DataType.INT).putInt(0, run.mismatches).putInt(4, run.checks);
            ByteBuffer totals = Buffers.allocate(2, DataType.INT);
            theirs(Collective.ALLREDUCE, counted, totals, 2, DataType.INT, ReduceOp.SUM, 0);
            failures = totals.getInt(0);
            if (comm.rank() == 0) {
                String probed = !tcp && receives == ReceiveMode.PROBED ? " receives=probed" : "";
                System.out.printf("P=%d mode=%s transport=%s%s: %d checks, %d mismatches%n", comm.size(), mode,
                        comm.transport().name(), probed, totals.getInt(4), totals.getInt(0));
                if (comm.transport() instanceof MpiTransport mpiTransport) {
                    System.out.printf("rank 0 sends long messages to other nodes in pieces of %d bytes%n",
                            mpiTransport.messagePieceBytes());
                }
            }
        }
        mpi.close();
        System.exit(failures == 0 ? 0 : 1);
    }

    /** nbc's TCP mesh between the ranks of MPI_COMM_WORLD, its addresses exchanged with MPI_Allgather. */
    private static TcpTransport tcpMesh() {
        AddressExchange overMpi = AddressExchange.ofAllgather(mine -> {
            ByteBuffer all = Buffers.allocate(mine.length * world.size(), DataType.BYTE);
            theirs(Collective.ALLGATHER, ByteBuffer.allocateDirect(mine.length).put(0, mine), all, mine.length, DataType.BYTE,
                    null, 0);
            byte[] bytes = new byte[all.capacity()];
            all.get(0, bytes);
            return bytes;
        });
        return TcpTransport.open(world.rank(), world.size(), new InetSocketAddress(hostAddress(), 0),
                overMpi, TcpTransport.DEFAULT_CONNECT_TIMEOUT);
    }

    /** This host's only up, non-loopback IPv4 address (a namespace host's nbc0), else the loopback. */
    private static InetAddress hostAddress() {
        try {
            List<InetAddress> found = new ArrayList<>();
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (nic.isUp() && !nic.isLoopback()) {
                    for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                        if (address instanceof Inet4Address) {
                            found.add(address);
                        }
                    }
                }
            }
            return found.size() == 1 ? found.get(0) : InetAddress.getLoopbackAddress();
        } catch (SocketException e) {
            return InetAddress.getLoopbackAddress();
        }
    }

    /**
     * Every collective and algorithm once per size of {@link #SWEEP_BYTES}, in doubles: the
     * vector of a reduction or bcast, a block of a block collective (at most 4 MiB over all
     * ranks), the largest block of a v-collective's random layout.
     */
    private void sweep() throws MpiException {
        Random cases = new Random(seed);
        for (int bytes : SWEEP_BYTES) {
            int count = bytes / DataType.DOUBLE.sizeInBytes();
            int block = Math.min(count, (SWEEP_BYTES[SWEEP_BYTES.length - 1] / DataType.DOUBLE.sizeInBytes()) / comm.size());
            int last = comm.size() - 1;
            comm.ibarrier().await();
            for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
                bcast(cases.nextLong(), count, DataType.DOUBLE, last, algorithm);
            }
            for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
                allreduce(cases.nextLong(), count, DataType.DOUBLE, ReduceOp.SUM, algorithm, cases.nextBoolean());
            }
            for (ReduceAlgorithm algorithm : ReduceAlgorithm.values()) {
                reduce(cases.nextLong(), count, DataType.DOUBLE, ReduceOp.SUM, last, algorithm, cases.nextBoolean());
            }
            for (AllgatherAlgorithm algorithm : AllgatherAlgorithm.values()) {
                allgather(cases.nextLong(), block, DataType.DOUBLE, algorithm, cases.nextBoolean());
            }
            for (GatherAlgorithm algorithm : GatherAlgorithm.values()) {
                gather(cases.nextLong(), block, DataType.DOUBLE, last, algorithm, cases.nextBoolean());
            }
            for (ScatterAlgorithm algorithm : ScatterAlgorithm.values()) {
                scatter(cases.nextLong(), block, DataType.DOUBLE, last, algorithm, cases.nextBoolean());
            }
            for (AlltoallAlgorithm algorithm : AlltoallAlgorithm.values()) {
                alltoall(cases.nextLong(), block, DataType.DOUBLE, algorithm, cases.nextBoolean());
            }
            for (ReduceScatterBlockAlgorithm algorithm : ReduceScatterBlockAlgorithm.values()) {
                reduceScatterBlock(cases.nextLong(), block, DataType.DOUBLE, ReduceOp.SUM, algorithm, cases.nextBoolean());
            }
            for (ReduceScatterAlgorithm algorithm : ReduceScatterAlgorithm.values()) {
                reduceScatter(cases.nextLong(), DataType.DOUBLE, algorithm, cases.nextBoolean(), block);
            }
            for (ScanAlgorithm algorithm : ScanAlgorithm.values()) {
                prefix(cases.nextLong(), count, DataType.DOUBLE, ReduceOp.SUM, algorithm, false, cases.nextBoolean());
            }
            for (ExscanAlgorithm algorithm : ExscanAlgorithm.values()) {
                prefix(cases.nextLong(), count, DataType.DOUBLE, ReduceOp.SUM, algorithm, true, cases.nextBoolean());
            }
            vCollectives(cases.nextLong(), DataType.DOUBLE, last, cases.nextBoolean(), block);
        }
    }

    private void all() throws MpiException {
        Random cases = new Random(seed);
        for (int i = 0; i < 10; i++) {
            comm.ibarrier().await();
        }
        for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
            for (int root = 0; root < comm.size(); root++) {
                for (int count : COUNTS) {
                    bcast(cases.nextLong(), count, DataType.values()[cases.nextInt(6)], root, algorithm);
                }
            }
            bcast(cases.nextLong(), 1 << 20, DataType.DOUBLE, comm.size() - 1, algorithm);
        }
        for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
            for (DataType type : DataType.values()) {
                for (ReduceOp op : ReduceOp.BUILT_IN) {
                    if (op.supports(type)) {
                        allreduce(cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)], type, op, algorithm, cases.nextBoolean());
                    }
                }
            }
            allreduce(cases.nextLong(), 1 << 20, DataType.DOUBLE, ReduceOp.SUM, algorithm, false);
        }
        for (AllgatherAlgorithm algorithm : AllgatherAlgorithm.values()) {
            for (int count : COUNTS) {
                allgather(cases.nextLong(), count, DataType.values()[cases.nextInt(6)], algorithm, cases.nextBoolean());
            }
            allgather(cases.nextLong(), (1 << 20) / comm.size(), DataType.DOUBLE, algorithm, false);
        }
        for (int root = 0; root < comm.size(); root++) {
            for (GatherAlgorithm algorithm : GatherAlgorithm.values()) {
                for (int count : COUNTS) {
                    gather(cases.nextLong(), count, DataType.values()[cases.nextInt(6)], root, algorithm, cases.nextBoolean());
                }
            }
            for (ScatterAlgorithm algorithm : ScatterAlgorithm.values()) {
                for (int count : COUNTS) {
                    scatter(cases.nextLong(), count, DataType.values()[cases.nextInt(6)], root, algorithm, cases.nextBoolean());
                }
            }
        }
        for (ReduceScatterBlockAlgorithm algorithm : ReduceScatterBlockAlgorithm.values()) {
            for (DataType type : DataType.values()) {
                for (ReduceOp op : ReduceOp.BUILT_IN) {
                    if (op.supports(type)) {
                        reduceScatterBlock(cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)] / comm.size(), type, op,
                                algorithm, cases.nextBoolean());
                    }
                }
            }
        }
        for (int trial = 0; trial < 3; trial++) {
            for (int root = 0; root < comm.size(); root++) {
                vCollectives(cases.nextLong(), DataType.values()[cases.nextInt(6)], root, cases.nextBoolean(), 50);
            }
        }
        for (ReduceScatterAlgorithm algorithm : ReduceScatterAlgorithm.values()) {
            for (int trial = 0; trial < 4; trial++) {
                reduceScatter(cases.nextLong(), DataType.values()[1 + cases.nextInt(5)], algorithm, cases.nextBoolean(), 300);
            }
        }
        for (ScanAlgorithm algorithm : ScanAlgorithm.values()) {
            prefixes(cases, algorithm, false);
        }
        for (ExscanAlgorithm algorithm : ExscanAlgorithm.values()) {
            prefixes(cases, algorithm, true);
        }
        for (AlltoallAlgorithm algorithm : AlltoallAlgorithm.values()) {
            for (int count : COUNTS) {
                alltoall(cases.nextLong(), count / comm.size(), DataType.values()[cases.nextInt(6)], algorithm, cases.nextBoolean());
            }
        }
        for (ReduceAlgorithm algorithm : ReduceAlgorithm.values()) {
            for (int root = 0; root < comm.size(); root++) {
                for (DataType type : DataType.values()) {
                    for (ReduceOp op : ReduceOp.BUILT_IN) {
                        if (op.supports(type)) {
                            reduce(cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)], type, op, root, algorithm,
                                    cases.nextBoolean());
                        }
                    }
                }
                reduce(cases.nextLong(), 33, DataType.LONG, Reference.MATRIX_PRODUCT, root, algorithm, cases.nextBoolean());
            }
            reduce(cases.nextLong(), 1 << 20, DataType.DOUBLE, ReduceOp.SUM, comm.size() - 1, algorithm, false);
        }
    }

    /** x0 op ... op x(ranks-1) of case {@code caseSeed}'s contributions, by the sequential reference. */
    private ByteBuffer sequentialReduction(long caseSeed, int ranks, int count, DataType type, ReduceOp op) {
        ByteBuffer[] all = new ByteBuffer[ranks];
        for (int rank = 0; rank < ranks; rank++) {
            all[rank] = contribution(caseSeed, rank, count, type);
        }
        return Reference.allreduce(all, count, type, op);
    }

    private ByteBuffer contribution(long caseSeed, int rank, int count, DataType type) {
        return Reference.randomElements(new Random(caseSeed * 1_000_003L + rank), count, type);
    }

    private void bcast(long caseSeed, int count, DataType type, int root, BcastAlgorithm algorithm) throws MpiException {
        ByteBuffer data = comm.rank() == root ? contribution(caseSeed, root, count, type) : Buffers.allocate(count, type);
        ByteBuffer ours = Reference.copy(data);
        Request request = comm.bcastInit(ours, count, type, root, algorithm).start();
        request.await();
        theirs(Collective.BCAST, null, data, count, type, null, root);
        compare(data, ours, type, request);
    }

    private void allreduce(long caseSeed, int count, DataType type, ReduceOp op, AllreduceAlgorithm algorithm,
                           boolean inPlace) throws MpiException {
        ByteBuffer mine = contribution(caseSeed, comm.rank(), count, type);
        ByteBuffer ours = inPlace ? Reference.copy(mine) : Buffers.allocate(count, type);
        Request request = comm.allreduceInit(inPlace ? null : mine, ours, count, type, op, algorithm).start();
        request.await();
        ByteBuffer theirs;
        if (mpiDefines(type, op)) {
            theirs = Buffers.allocate(count, type);
            theirs(Collective.ALLREDUCE, Reference.copy(mine), theirs, count, type, op, 0);
        } else {
            theirs = sequentialReduction(caseSeed, comm.size(), count, type, op);
        }
        compare(theirs, ours, type, request);
    }

    private void allgather(long caseSeed, int count, DataType type, AllgatherAlgorithm algorithm, boolean inPlace)
            throws MpiException {
        int blockBytes = type.bytesFor(count);
        ByteBuffer mine = contribution(caseSeed, comm.rank(), count, type);
        ByteBuffer ours = Buffers.allocate(comm.size() * count, type);
        if (inPlace) {
            ours.put(comm.rank() * blockBytes, mine, 0, blockBytes);
        }
        Request request = comm.allgatherInit(inPlace ? null : mine, ours, count, type, algorithm).start();
        request.await();
        ByteBuffer theirs = Buffers.allocate(comm.size() * count, type);
        theirs(Collective.ALLGATHER, Reference.copy(mine), theirs, count, type, null, 0);
        compare(theirs, ours, type, request);
    }

    private void gather(long caseSeed, int count, DataType type, int root, GatherAlgorithm algorithm, boolean rootInPlace)
            throws MpiException {
        boolean atRoot = comm.rank() == root;
        boolean inPlace = rootInPlace && atRoot;
        int blockBytes = type.bytesFor(count);
        ByteBuffer mine = contribution(caseSeed, comm.rank(), count, type);
        ByteBuffer ours = atRoot ? Buffers.allocate(comm.size() * count, type) : null;
        if (inPlace) {
            ours.put(comm.rank() * blockBytes, mine, 0, blockBytes);
        }
        Request request = comm.gatherInit(inPlace ? null : mine, ours, count, type, root, algorithm).start();
        request.await();
        ByteBuffer theirs = Buffers.allocate(atRoot ? comm.size() * count : 0, type);
        theirs(Collective.GATHER, Reference.copy(mine), theirs, count, type, null, root);
        if (atRoot) {
            compare(theirs, ours, type, request);
        }
    }

    private void scatter(long caseSeed, int count, DataType type, int root, ScatterAlgorithm algorithm, boolean rootInPlace)
            throws MpiException {
        boolean atRoot = comm.rank() == root;
        boolean inPlace = rootInPlace && atRoot;
        int blockBytes = type.bytesFor(count);
        ByteBuffer all = Buffers.allocate(atRoot ? comm.size() * count : 0, type);
        if (atRoot) {
            for (int rank = 0; rank < comm.size(); rank++) {
                all.put(rank * blockBytes, contribution(caseSeed, rank, count, type), 0, blockBytes);
            }
        }
        ByteBuffer ours = inPlace ? null : Buffers.allocate(count, type);
        Request request = comm.scatterInit(atRoot ? all : null, ours, count, type, root, algorithm).start();
        request.await();
        ByteBuffer theirs = Buffers.allocate(count, type);
        theirs(Collective.SCATTER, Reference.copy(all), theirs, count, type, null, root);
        if (!inPlace) {
            compare(theirs, ours, type, request);
        }
    }

    private void reduceScatterBlock(long caseSeed, int count, DataType type, ReduceOp op, ReduceScatterBlockAlgorithm algorithm,
                                    boolean inPlace) throws MpiException {
        int block = type.bytesFor(count);
        ByteBuffer mine = contribution(caseSeed, comm.rank(), comm.size() * count, type);
        ByteBuffer ours = inPlace ? Reference.copy(mine) : Buffers.allocate(count, type);
        Request request = comm.reduceScatterBlockInit(inPlace ? null : mine, ours, count, type, op, algorithm).start();
        request.await();
        ByteBuffer theirs;
        if (mpiDefines(type, op)) {
            theirs = Buffers.allocate(count, type);
            theirs(Collective.REDUCE_SCATTER_BLOCK, Reference.copy(mine), theirs, count, type, op, 0);
        } else {
            theirs = sequentialReduction(caseSeed, comm.size(), comm.size() * count, type, op).slice(comm.rank() * block, block);
        }
        compare(theirs, ours.slice(0, block), type, request);
    }

    /**
     * igatherv, iscatterv, iallgatherv and ialltoallv of one random layout (zero counts, gaps, blocks
     * in any order; the same on every rank, from {@code caseSeed}; blocks of at most
     * {@code maxCount} elements) against the MPI library's.
     */
    private void vCollectives(long caseSeed, DataType type, int root, boolean inPlace, int maxCount) throws MpiException {
        Random layouts = new Random(caseSeed);
        int size = comm.size();
        int rank = comm.rank();
        int[][] layout = Reference.randomLayout(layouts, size, maxCount);
        int[] counts = layout[0];
        int[] displs = layout[1];
        int extent = 0;
        for (int r = 0; r < size; r++) {
            extent = Math.max(extent, counts[r] > 0 ? displs[r] + counts[r] : 0);
        }
        ByteBuffer mine = contribution(caseSeed, rank, counts[rank], type);
        boolean atRoot = rank == root;
        // gatherv
        ByteBuffer ours = Buffers.allocate(atRoot ? extent : 0, type);
        ByteBuffer theirs = Buffers.allocate(atRoot ? extent : 0, type);
        boolean gatherInPlace = inPlace && atRoot;
        if (gatherInPlace && counts[rank] > 0) {
            ours.put(type.bytesFor(displs[rank]), mine, 0, type.bytesFor(counts[rank]));
        }
        // in place the own count is ignored, as MPI ignores it: -1 there (as MPICH's allgatherv2.c passes)
        Request request = comm.igatherv(gatherInPlace ? null : mine, gatherInPlace ? -1 : counts[rank], atRoot ? ours : null,
                counts, displs, type, root);
        request.await();
        ownCall(new OwnCollective(Collective.GATHERV, Reference.copy(mine), theirs, counts[rank], type, null, root, null, null,
                null, counts, displs, null));
        if (atRoot) {
            compare(theirs, ours, type, request);
        }
        // scatterv: the root's buffer laid out as the gather's result
        ByteBuffer all = Buffers.allocate(atRoot ? extent : 0, type);
        if (atRoot) {
            for (int r = 0; r < size; r++) {
                if (counts[r] > 0) {
                    all.put(type.bytesFor(displs[r]), contribution(caseSeed, r, counts[r], type), 0, type.bytesFor(counts[r]));
                }
            }
        }
        ByteBuffer piece = gatherInPlace ? null : Buffers.allocate(counts[rank], type);
        request = comm.iscatterv(atRoot ? all : null, counts, displs, piece, piece == null ? -1 : counts[rank], type, root);
        request.await();
        ByteBuffer theirPiece = Buffers.allocate(counts[rank], type);
        ownCall(new OwnCollective(Collective.SCATTERV, Reference.copy(all), theirPiece, counts[rank], type, null, root, counts,
                displs, null, null, null, null));
        if (piece != null) {
            compare(theirPiece, piece, type, request);
        }
        // allgatherv
        ByteBuffer gathered = Buffers.allocate(extent, type);
        if (inPlace && counts[rank] > 0) {
            gathered.put(type.bytesFor(displs[rank]), mine, 0, type.bytesFor(counts[rank]));
        }
        request = comm.iallgatherv(inPlace ? null : mine, inPlace ? -1 : counts[rank], gathered, counts, displs, type);
        request.await();
        ByteBuffer theirsGathered = Buffers.allocate(extent, type);
        if (size == 1 && world.mpi().implementation().equals("mpich")) {
            if (counts[0] > 0) {
            // MPICH 4.0.2's MPI_Allgatherv and MPI_Iallgatherv on one rank put the block at the
            // buffer's start whatever its displacement (measured in C: counts {9}, displs {2}):
            // the definition's result instead.
                theirsGathered.put(type.bytesFor(displs[0]), mine, 0, type.bytesFor(counts[0]));
            }
        } else {
            ownCall(new OwnCollective(Collective.ALLGATHERV, Reference.copy(mine), theirsGathered, counts[rank], type, null, 0,
                    null, null, null, counts, displs, null));
        }
        compare(theirsGathered, gathered, type, request);
        // alltoallv: rank i sends ((i + 2j + seed) mod 5) units of maxCount / 50 elements (at least one) to rank j, packed
        int unit = Math.max(1, maxCount / 50);
        int[] sendCounts = new int[size];
        int[] receiveCounts = new int[size];
        for (int j = 0; j < size; j++) {
            sendCounts[j] = unit * (int) Math.floorMod(rank + 2L * j + caseSeed, 5L);
            receiveCounts[j] = unit * (int) Math.floorMod(j + 2L * rank + caseSeed, 5L);
        }
        BlockLayout sendLayout = BlockLayout.packed(sendCounts, type);
        BlockLayout receiveLayout = BlockLayout.packed(receiveCounts, type);
        int[] sendDispls = displacementsOf(sendCounts);
        int[] receiveDispls = displacementsOf(receiveCounts);
        ByteBuffer sends = contribution(caseSeed + 1, rank, sendLayout.extentBytes() / type.sizeInBytes(), type);
        for (AlltoallvAlgorithm algorithm : AlltoallvAlgorithm.values()) {
            ByteBuffer received = Buffers.allocate(receiveLayout.extentBytes() / type.sizeInBytes(), type);
            request = comm.alltoallvInit(sends, sendCounts, sendDispls, received, receiveCounts, receiveDispls, type, algorithm).start();
            request.await();
            ByteBuffer theirsReceived = Buffers.allocate(receiveLayout.extentBytes() / type.sizeInBytes(), type);
            ownCall(new OwnCollective(Collective.ALLTOALLV, Reference.copy(sends), theirsReceived, 0, type, null, 0, sendCounts,
                    sendDispls, null, receiveCounts, receiveDispls, null));
            compare(theirsReceived, received, type, request);
        }
        alltoallw(caseSeed, unit);
    }

    /**
     * ialltoallw against the MPI library's MPI_Ialltoallw: rank i sends rank j ((i + 2j + seed) mod 5)
     * units of elements of a type of its own per pair (the same both ways, as MPI's signatures must
     * match: one of BYTE, SHORT, INT, LONG, DOUBLE by (i + j + seed)), at byte displacements with a
     * gap of 1 to 3 bytes before each block, so that wide elements start at odd bytes too.
     */
    private void alltoallw(long caseSeed, int unit) throws MpiException {
        DataType[] kinds = {DataType.BYTE, DataType.SHORT, DataType.INT, DataType.LONG, DataType.DOUBLE};
        int size = comm.size();
        int rank = comm.rank();
        int[] sendCounts = new int[size];
        int[] receiveCounts = new int[size];
        DataType[] sendTypes = new DataType[size];
        DataType[] receiveTypes = new DataType[size];
        int[] sendDispls = new int[size];
        int[] receiveDispls = new int[size];
        int sendEnd = 0;
        int receiveEnd = 0;
        for (int j = 0; j < size; j++) {
            sendCounts[j] = unit * (int) Math.floorMod(rank + 2L * j + caseSeed, 5L);
            receiveCounts[j] = unit * (int) Math.floorMod(j + 2L * rank + caseSeed, 5L);
            sendTypes[j] = kinds[(int) Math.floorMod(rank + j + caseSeed, (long) kinds.length)];
            receiveTypes[j] = sendTypes[j];
            sendDispls[j] = sendEnd + 1 + j % 3;
            sendEnd = sendDispls[j] + sendTypes[j].bytesFor(sendCounts[j]);
            receiveDispls[j] = receiveEnd + 1 + (j + 1) % 3;
            receiveEnd = receiveDispls[j] + receiveTypes[j].bytesFor(receiveCounts[j]);
        }
        ByteBuffer sends = contribution(caseSeed + 2, rank, sendEnd, DataType.BYTE);
        ByteBuffer theirs = Buffers.allocate(receiveEnd, DataType.BYTE);
        world.collectives().start(new OwnCollective(Collective.ALLTOALLW, Reference.copy(sends), theirs, 0, null, null, 0,
                sendCounts, sendDispls, sendTypes, receiveCounts, receiveDispls, receiveTypes)).await();
        for (AlltoallwAlgorithm algorithm : AlltoallwAlgorithm.values()) {
            ByteBuffer ours = Buffers.allocate(receiveEnd, DataType.BYTE);
            Request request = comm.alltoallwInit(sends, sendCounts, sendDispls, sendTypes, ours, receiveCounts, receiveDispls,
                    receiveTypes, algorithm).start();
            request.await();
            compare(theirs, ours, DataType.BYTE, request);
        }
        ByteBuffer ours = Buffers.allocate(receiveEnd, DataType.BYTE);
        Request request = comm.ialltoallw(sends, sendCounts, sendDispls, sendTypes, ours, receiveCounts, receiveDispls,
                receiveTypes);
        request.await();
        compare(theirs, ours, DataType.BYTE, request);
        // Open MPI's blocking MPI_Alltoallw: the same bytes, except on one rank, where its coll/self
        // component (mca_coll_self_alltoallw_intra) multiplies the byte displacements by the type's
        // extent and so puts a wider type's block elsewhere; MPI_Ialltoallw (libnbc) is right there.
        if (size == 1) {
            return;
        }
        ByteBuffer theirsBlocking = Buffers.allocate(receiveEnd, DataType.BYTE);
        ownCall(new OwnCollective(Collective.ALLTOALLW, Reference.copy(sends), theirsBlocking, 0, null, null, 0, sendCounts,
                sendDispls, sendTypes, receiveCounts, receiveDispls, receiveTypes));
        compare(theirsBlocking, ours, DataType.BYTE, request);
    }

    private static int[] displacementsOf(int[] counts) {
        int[] displacements = new int[counts.length];
        for (int r = 1; r < counts.length; r++) {
            displacements[r] = displacements[r - 1] + counts[r - 1];
        }
        return displacements;
    }

    /**
     * Blocks of random sizes below {@code maxCount} (zeros included, the same on every rank), SUM,
     * against the MPI library's MPI_Reduce_scatter.
     */
    private void reduceScatter(long caseSeed, DataType type, ReduceScatterAlgorithm algorithm, boolean inPlace, int maxCount)
            throws MpiException {
        Random sizes = new Random(caseSeed);
        int[] counts = new int[comm.size()];
        int all = 0;
        for (int r = 0; r < counts.length; r++) {
            counts[r] = sizes.nextInt(4) == 0 ? 0 : sizes.nextInt(maxCount + 1);
            all += counts[r];
        }
        ByteBuffer mine = contribution(caseSeed, comm.rank(), all, type);
        ByteBuffer ours = inPlace ? Reference.copy(mine) : Buffers.allocate(counts[comm.rank()], type);
        Request request = comm.reduceScatterInit(inPlace ? null : mine, ours, counts, type, ReduceOp.SUM, algorithm).start();
        request.await();
        ByteBuffer theirs = Buffers.allocate(counts[comm.rank()], type);
        ownCall(new OwnCollective(Collective.REDUCE_SCATTER, Reference.copy(mine), theirs, 0, type, ReduceOp.SUM, 0, null,
                null, null, counts, null, null));
        compare(theirs, ours.slice(0, type.bytesFor(counts[comm.rank()])), type, request);
    }

    private void prefixes(Random cases, Algorithm algorithm, boolean exclusive) throws MpiException {
        for (DataType type : DataType.values()) {
            for (ReduceOp op : ReduceOp.BUILT_IN) {
                if (op.supports(type)) {
                    prefix(cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)], type, op, algorithm, exclusive, cases.nextBoolean());
                }
            }
        }
        prefix(cases.nextLong(), 33, DataType.LONG, Reference.MATRIX_PRODUCT, algorithm, exclusive, false);
    }

    /** An iscan ({@code exclusive} false) or iexscan against the MPI library's MPI_Scan / MPI_Exscan (rank 0's exscan result is undefined). */
    private void prefix(long caseSeed, int count, DataType type, ReduceOp op, Algorithm algorithm, boolean exclusive,
                        boolean inPlace) throws MpiException {
        ByteBuffer mine = contribution(caseSeed, comm.rank(), count, type);
        ByteBuffer ours = inPlace ? Reference.copy(mine) : Buffers.allocate(count, type);
        Request request = exclusive
                ? comm.exscanInit(inPlace ? null : mine, ours, count, type, op, (ExscanAlgorithm) algorithm).start()
                : comm.scanInit(inPlace ? null : mine, ours, count, type, op, (ScanAlgorithm) algorithm).start();
        request.await();
        ByteBuffer theirs = Buffers.allocate(count, type);
        if (mpiDefines(type, op) && op != Reference.MATRIX_PRODUCT) {
            if (exclusive) {
                theirs(Collective.EXSCAN, Reference.copy(mine), theirs, count, type, op, 0);
            } else {
                theirs(Collective.SCAN, Reference.copy(mine), theirs, count, type, op, 0);
            }
        } else {
            int upTo = exclusive ? comm.rank() : comm.rank() + 1;
            theirs = upTo == 0 ? theirs : sequentialReduction(caseSeed, upTo, count, type, op);
        }
        if (!exclusive || comm.rank() > 0) {
            compare(theirs, ours, type, request);
        }
    }

    private void alltoall(long caseSeed, int count, DataType type, AlltoallAlgorithm algorithm, boolean inPlace)
            throws MpiException {
        ByteBuffer mine = contribution(caseSeed, comm.rank(), comm.size() * count, type);
        ByteBuffer ours = inPlace ? Reference.copy(mine) : Buffers.allocate(comm.size() * count, type);
        Request request = comm.alltoallInit(inPlace ? null : mine, ours, count, type, algorithm).start();
        request.await();
        ByteBuffer theirs = Buffers.allocate(comm.size() * count, type);
        theirs(Collective.ALLTOALL, Reference.copy(mine), theirs, count, type, null, 0);
        compare(theirs, ours, type, request);
    }

    /** {@code rootInPlace}: the root reduces in place; the others always give a send buffer. */
    private void reduce(long caseSeed, int count, DataType type, ReduceOp op, int root, ReduceAlgorithm algorithm,
                        boolean rootInPlace) throws MpiException {
        boolean atRoot = comm.rank() == root;
        boolean inPlace = rootInPlace && atRoot;
        ByteBuffer mine = contribution(caseSeed, comm.rank(), count, type);
        ByteBuffer ours = inPlace ? Reference.copy(mine) : atRoot ? Buffers.allocate(count, type) : null;
        Request request = comm.reduceInit(inPlace ? null : mine, ours, count, type, op, root, algorithm).start();
        request.await();
        boolean byOpenMpi = mpiDefines(type, op) && op != Reference.MATRIX_PRODUCT;
        ByteBuffer theirs = atRoot ? Buffers.allocate(count, type) : Buffers.allocate(0, type);
        if (byOpenMpi) {
            theirs(Collective.REDUCE, Reference.copy(mine), theirs, count, type, op, root);
        } else if (atRoot) {
            theirs = sequentialReduction(caseSeed, comm.size(), count, type, op);
        }
        if (atRoot) {
            compare(theirs, ours, type, request);
        }
    }

    /**
     * nbc's BYTE is MPI_BYTE, for which MPI defines only the bitwise operations (Open MPI 4.1
     * returns unsigned or meaningless results for SUM/PROD/MIN/MAX, MPICH refuses those and the
     * logical ones), and
     * they offer no signed 8-bit type; nbc's BYTE is signed (MPI_INT8_T's semantics). Those
     * combinations are checked against the sequential reference instead.
     */
    private static boolean mpiDefines(DataType type, ReduceOp op) {
        return type != DataType.BYTE || op == ReduceOp.BAND || op == ReduceOp.BOR || op == ReduceOp.BXOR;
    }

    /** The MPI library's own blocking collective of regular blocks. */
    private static void theirs(Collective collective, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                               ReduceOp op, int root) throws MpiException {
        ownCall(OwnCollective.of(collective, send, receive, count, type, op, root));
    }

    private static void ownCall(OwnCollective call) throws MpiException {
        world.collectives().run(call);
    }

    private void compare(ByteBuffer expected, ByteBuffer actual, DataType type, Request request) {
        checks++;
        String difference = Reference.difference(expected, actual, type);
        if (difference != null) {
            mismatches++;
            System.out.println("MISMATCH " + request.description() + " (" + request.algorithm() + "): " + difference);
        }
    }
}
