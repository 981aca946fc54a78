package dev.nbc.models.simulation;

import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;

import java.util.Arrays;

/**
 * A schedule compiled for the simulator: per operation its kind, its peer relative to the rank
 * ({@code (peer - rank) mod P}) and its byte count, in primitive arrays, with each round's local
 * operations moved in front of its communication (the order the engine runs them). Relative peers
 * make most ranks' schedules identical (every rank of a dissemination barrier, and all ranks with the
 * same subtree shape of a binomial tree), so the simulator interns templates and keeps one int per rank.
 */
final class ScheduleTemplate {
    static final byte SEND = 0;
    static final byte RECEIVE = 1;
    static final byte REDUCE = 2;
    static final byte COPY = 3;

    final byte[] kind;
    final int[] peer;
    final int[] bytes;
    /** Round r's operations are {@code roundStart[r] .. roundStart[r+1]-1}. */
    final int[] roundStart;
    /** Round r's communication starts at {@code commStart[r]} (after its local operations). */
    final int[] commStart;
    private final int hash;

    private ScheduleTemplate(byte[] kind, int[] peer, int[] bytes, int[] roundStart, int[] commStart) {
        this.kind = kind;
        this.peer = peer;
        this.bytes = bytes;
        this.roundStart = roundStart;
        this.commStart = commStart;
        this.hash = 31 * (31 * Arrays.hashCode(kind) + Arrays.hashCode(peer)) + Arrays.hashCode(bytes) * 7
                + Arrays.hashCode(roundStart);
    }

    static ScheduleTemplate compile(Schedule schedule, int rank, int size) {
        if (schedule.rank() != rank || schedule.size() != size) {
            throw new IllegalArgumentException("schedule: the source returned " + schedule + " for rank " + rank
                    + " of " + size);
        }
        int operations = 0;
        for (Round round : schedule.rounds()) {
            operations += round.local().size() + round.communication().size();
        }
        int rounds = schedule.rounds().size();
        byte[] kind = new byte[operations];
        int[] peer = new int[operations];
        int[] bytes = new int[operations];
        int[] roundStart = new int[rounds + 1];
        int[] commStart = new int[rounds];
        int elementBytes = schedule.type().sizeInBytes();
        int index = 0;
        for (int r = 0; r < rounds; r++) {
            roundStart[r] = index;
            for (Operation op : schedule.rounds().get(r).local()) {
                if (op instanceof Operation.Reduce reduce) {
                    kind[index] = REDUCE;
                    bytes[index++] = Math.multiplyExact(reduce.count(), elementBytes);
                } else if (op instanceof Operation.Copy copy) {
                    kind[index] = COPY;
                    bytes[index++] = copy.length();
                }
            }
            commStart[r] = index;
            for (Operation op : schedule.rounds().get(r).communication()) {
                if (op instanceof Operation.Send send) {
                    kind[index] = SEND;
                    peer[index] = Math.floorMod(send.peer() - rank, size);
                    bytes[index++] = send.length();
                } else if (op instanceof Operation.Receive receive) {
                    kind[index] = RECEIVE;
                    peer[index] = Math.floorMod(receive.peer() - rank, size);
                    bytes[index++] = receive.length();
                }
            }
        }
        roundStart[rounds] = index;
        return new ScheduleTemplate(kind, peer, bytes, roundStart, commStart);
    }

    int rounds() {
        return commStart.length;
    }

    /** Number of receives in round {@code round} from relative peer {@code relativePeer}. */
    int receivesFrom(int round, int relativePeer) {
        int n = 0;
        for (int i = commStart[round]; i < roundStart[round + 1]; i++) {
            if (kind[i] == RECEIVE && peer[i] == relativePeer) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ScheduleTemplate t && hash == t.hash && Arrays.equals(kind, t.kind)
                && Arrays.equals(peer, t.peer) && Arrays.equals(bytes, t.bytes)
                && Arrays.equals(roundStart, t.roundStart) && Arrays.equals(commStart, t.commStart);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
