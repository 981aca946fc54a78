package dev.nbc.models.simulation;

import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;

import java.util.Arrays;
import java.util.List;

/**
 * The schedules of one simulation, compiled for it, in primitive arrays and without an object per
 * rank. A round compiles to its operations' kinds, peers relative to the rank
 * ({@code (peer - rank) mod P}) and byte counts, its local operations in front of its
 * communication (the order the engine runs them); a schedule compiles to the sequence of its
 * rounds. Both are interned: every rank of a dissemination barrier shares one sequence and a
 * binomial broadcast has ceil(log2 P) + 1, while where relative peers differ from rank to rank
 * (recursive doubling's partner is rank + 2^k or rank - 2^k, by bit k of the rank) the few distinct
 * rounds are shared and each rank keeps only its sequence of round numbers. Two schedules compile to
 * the same sequence exactly when their compiled rounds are equal one by one.
 */
final class CompiledSchedules {
    static final byte SEND = 0;
    static final byte RECEIVE = 1;
    static final byte REDUCE = 2;
    static final byte COPY = 3;

    // operations of all interned rounds; round id's are first[id] .. first[id + 1] - 1
    byte[] kind = new byte[64];
    int[] peer = new int[64];
    int[] bytes = new int[64];
    private int operations;
    // per interned round: its first operation, its first communication, its hash
    private int[] first = new int[17];
    private int[] communication = new int[16];
    private int[] roundHash = new int[16];
    private int rounds;
    private int[] roundTable = new int[64]; // id + 1, 0 for a free slot; open addressing

    // per interned sequence: its sequenceLength[id] rounds are at offset (int) sequenceAt[id] of chunk
    // sequenceAt[id] >>> 32; chunks of a fixed size, not one array grown by copying, as at 10^7 ranks with a
    // sequence each they hold gigabytes. Chunks of 256 KiB: G1 keeps an array of half a region (1 MiB at
    // least) or more in whole regions of its own, so one just over a region's size takes two or three
    private static final int CHUNK = 1 << 16;
    private int[][] chunks = {new int[CHUNK]};
    private int chunkUsed;
    private long[] sequenceAt = new long[16];
    private int[] sequenceLength = new int[16];
    private int[] sequenceHash = new int[16];
    private int sequences;
    private int[] sequenceTable = new int[64];

    // the schedule being interned: its rounds so far, and behind them still the previous schedule's
    private int[] pending = new int[64];
    private int previousCount;
    private int encodedEnd;

    /**
     * Appends rank {@code rank}'s schedule, compiled but not interned, to {@code into}: its number
     * of rounds, then per round the numbers of local operations and of communications and per
     * operation its kind, relative peer and bytes. Pure, so that it may run on another thread than
     * {@link #intern}.
     *
     * @throws IllegalArgumentException if the schedule is not rank {@code rank}'s of {@code size}
     */
    static void encode(Schedule schedule, int rank, int size, IntList into) {
        if (schedule.rank() != rank || schedule.size() != size) {
            throw new IllegalArgumentException("schedule: the source returned " + schedule + " for rank " + rank
                    + " of " + size);
        }
        int elementBytes = schedule.type().sizeInBytes();
        List<Round> rounds = schedule.rounds();
        into.add(rounds.size());
        // indexed loops: an iterator per list is measurable at 10^8 rounds
        for (int r = 0, count = rounds.size(); r < count; r++) {
            Round round = rounds.get(r);
            int counts = into.reserve(2);
            int locals = 0;
            List<Operation> local = round.local();
            for (int j = 0, n = local.size(); j < n; j++) {
                Operation op = local.get(j);
                if (op instanceof Operation.Reduce reduce) {
                    into.add(REDUCE, 0, Math.multiplyExact(reduce.count(), elementBytes));
                    locals++;
                } else if (op instanceof Operation.Copy copy) {
                    into.add(COPY, 0, copy.length());
                    locals++;
                }
            }
            int communications = 0;
            List<Operation> posted = round.communication();
            for (int j = 0, n = posted.size(); j < n; j++) {
                Operation op = posted.get(j);
                if (op instanceof Operation.Send send) {
                    into.add(SEND, checkedRelative(op, rank, send.peer(), size), send.length());
                    communications++;
                } else if (op instanceof Operation.Receive receive) {
                    into.add(RECEIVE, checkedRelative(op, rank, receive.peer(), size), receive.length());
                    communications++;
                }
            }
            into.set(counts, locals);
            into.set(counts + 1, communications);
        }
    }

    /**
     * Interns an encoded schedule starting at {@code data[offset]} ({@link #encode}) and returns its
     * sequence's number; {@link #encodedEnd()} then tells where the encoding ended.
     */
    int intern(int[] data, int offset) {
        int count = data[offset++];
        if (pending.length < count) {
            pending = Arrays.copyOf(pending, Math.max(count, 2 * pending.length));
        }
        for (int r = 0; r < count; r++) {
            int locals = data[offset];
            int communications = data[offset + 1];
            offset += 2;
            pending[r] = internRound(data, offset, locals, communications, r < previousCount ? pending[r] : -1);
            offset += 3 * (locals + communications);
        }
        previousCount = count;
        encodedEnd = offset;
        return internSequence(count);
    }

    /** Where the encoding last interned ended. */
    int encodedEnd() {
        return encodedEnd;
    }

    /** Number of distinct sequences, i.e. of distinct compiled schedules. */
    int sequences() {
        return sequences;
    }

    /** Number of rounds of sequence {@code sequence}. */
    int rounds(int sequence) {
        return sequenceLength[sequence];
    }

    /** Round {@code index} of sequence {@code sequence}, as an interned round's number. */
    int round(int sequence, int index) {
        long at = sequenceAt[sequence];
        return chunks[(int) (at >>> 32)][(int) at + index];
    }

    /** The interned round's first (local) operation. */
    int first(int round) {
        return first[round];
    }

    /** The interned round's first communication, after its local operations. */
    int communication(int round) {
        return communication[round];
    }

    /** One past the interned round's last operation. */
    int end(int round) {
        return first[round + 1];
    }

    /** Number of receives in the interned round from relative peer {@code relativePeer}. */
    int receivesFrom(int round, int relativePeer) {
        int n = 0;
        for (int i = communication[round]; i < first[round + 1]; i++) {
            if (kind[i] == RECEIVE && peer[i] == relativePeer) {
                n++;
            }
        }
        return n;
    }

    /** {@code (peer - rank) mod size} for ranks in 0 .. size-1, without a division (this runs per operation). */
    static int relative(int rank, int peer, int size) {
        int relative = peer - rank;
        return relative < 0 ? relative + size : relative;
    }

    private static int checkedRelative(Operation op, int rank, int peer, int size) {
        if (peer < 0 || peer >= size) {
            throw new IllegalArgumentException("schedule: rank " + rank + "'s " + op + " names a peer outside 0.." + (size - 1));
        }
        return relative(rank, peer, size);
    }

    /**
     * The interned round's number; {@code likely} is the previous schedule's round at the same
     * index (neighbouring ranks mostly share rounds), tried before the hash table, or -1.
     */
    private int internRound(int[] data, int offset, int locals, int communications, int likely) {
        // copied behind the interned operations; kept only if the round is new
        int start = operations;
        int comm = start + locals;
        int index = comm + communications;
        ensureOperations(index);
        for (int i = start; i < index; i++, offset += 3) {
            kind[i] = (byte) data[offset];
            peer[i] = data[offset + 1];
            bytes[i] = data[offset + 2];
        }
        if (likely >= 0 && sameRound(likely, start, comm, index)) {
            return likely;
        }
        int hash = comm - start;
        for (int i = start; i < index; i++) {
            hash = 31 * (31 * (31 * hash + kind[i]) + peer[i]) + bytes[i];
        }
        int mask = roundTable.length - 1;
        for (int slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
            int id = roundTable[slot] - 1;
            if (id < 0) {
                break;
            }
            if (roundHash[id] == hash && sameRound(id, start, comm, index)) {
                return id;
            }
        }
        int id = rounds++;
        if (id + 1 == communication.length) {
            // by half again, as the sequences: where P is not a power of two, rounds number in the millions
            communication = Arrays.copyOf(communication, communication.length + (communication.length >> 1));
            roundHash = Arrays.copyOf(roundHash, communication.length);
            first = Arrays.copyOf(first, communication.length + 1);
        }
        first[id] = start;
        communication[id] = comm;
        roundHash[id] = hash;
        operations = index;
        first[id + 1] = index;
        if (2 * rounds > roundTable.length) {
            roundTable = rehash(roundTable, roundHash, rounds);
        } else {
            insert(roundTable, hash, id);
        }
        return id;
    }

    private boolean sameRound(int id, int start, int comm, int end) {
        int from = first[id];
        if (first[id + 1] - from != end - start || communication[id] - from != comm - start) {
            return false;
        }
        for (int i = 0; i < end - start; i++) {
            if (kind[from + i] != kind[start + i] || peer[from + i] != peer[start + i] || bytes[from + i] != bytes[start + i]) {
                return false;
            }
        }
        return true;
    }

    private int internSequence(int count) {
        int hash = count;
        for (int r = 0; r < count; r++) {
            hash = 31 * hash + pending[r];
        }
        int mask = sequenceTable.length - 1;
        for (int slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
            int id = sequenceTable[slot] - 1;
            if (id < 0) {
                break;
            }
            if (sequenceHash[id] == hash && sameSequence(id, count)) {
                return id;
            }
        }
        int id = sequences++;
        if (id == sequenceHash.length) {
            // by half again, not twice: at 10^7 ranks with a sequence each the arrays are large
            int capacity = sequenceHash.length + (sequenceHash.length >> 1);
            sequenceHash = Arrays.copyOf(sequenceHash, capacity);
            sequenceAt = Arrays.copyOf(sequenceAt, capacity);
            sequenceLength = Arrays.copyOf(sequenceLength, capacity);
        }
        int chunk = chunks.length - 1;
        if (chunkUsed + count > chunks[chunk].length) {
            chunks = Arrays.copyOf(chunks, chunks.length + 1);
            chunks[++chunk] = new int[Math.max(CHUNK, count)];
            chunkUsed = 0;
        }
        System.arraycopy(pending, 0, chunks[chunk], chunkUsed, count);
        sequenceAt[id] = ((long) chunk << 32) | chunkUsed;
        sequenceLength[id] = count;
        chunkUsed += count;
        sequenceHash[id] = hash;
        if (2 * sequences > sequenceTable.length) {
            sequenceTable = rehash(sequenceTable, sequenceHash, sequences);
        } else {
            insert(sequenceTable, hash, id);
        }
        return id;
    }

    private boolean sameSequence(int id, int count) {
        if (sequenceLength[id] != count) {
            return false;
        }
        long at = sequenceAt[id];
        int[] chunk = chunks[(int) (at >>> 32)];
        int from = (int) at;
        for (int r = 0; r < count; r++) {
            if (chunk[from + r] != pending[r]) {
                return false;
            }
        }
        return true;
    }

    private void ensureOperations(int needed) {
        if (needed > kind.length) {
            int capacity = Math.max(needed, kind.length + (kind.length >> 1));
            kind = Arrays.copyOf(kind, capacity);
            peer = Arrays.copyOf(peer, capacity);
            bytes = Arrays.copyOf(bytes, capacity);
        }
    }

    private static int mix(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private static void insert(int[] table, int hash, int id) {
        int mask = table.length - 1;
        int slot = mix(hash) & mask;
        while (table[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        table[slot] = id + 1;
    }

    /** A table twice as large holding ids 0 .. count - 1. */
    private static int[] rehash(int[] table, int[] hashes, int count) {
        int[] larger = new int[2 * table.length];
        for (int id = 0; id < count; id++) {
            insert(larger, hashes[id], id);
        }
        return larger;
    }
}
