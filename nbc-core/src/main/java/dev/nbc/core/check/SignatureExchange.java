package dev.nbc.core.check;

import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/**
 * The consistency check's rounds, put before a schedule's own: every rank writes its call's
 * signature, the ranks gather all P signatures by a dissemination allgather (Bruck: in round k each
 * rank sends what it has gathered so far to rank - 2^k and receives as much from rank + 2^k,
 * ceil(log2 P) rounds, records of {@link CallSignature#BYTES} bytes), and each rank compares them
 * before its first data round ({@link GatheredSignatures}).
 *
 * <p>Why this shape: the rounds, peers and message sizes depend on P alone, never on the call, so
 * two ranks that called different collectives (or the same with different counts, roots or types)
 * still meet in the exchange, on the call's own tag, and both learn of the difference before any
 * data is sent or received; every rank sees every signature, so every rank gives the same verdict
 * and none waits for a peer that has failed. The data rounds use the same tag; they cannot mix with
 * the signatures, because each pair of ranks exchanges the signatures first and messages between a
 * pair with one tag are received in the order they were sent.
 */
public final class SignatureExchange {
    private SignatureExchange() {
    }

    /**
     * {@code schedule} with the signature exchange before its rounds, the gathered records in a
     * scratch slot of its own after the schedule's; a one-rank schedule as it is (nobody to
     * disagree with).
     */
    public static Schedule prependTo(Schedule schedule) {
        int size = schedule.size();
        if (size == 1) {
            return schedule;
        }
        int rank = schedule.rank();
        int record = CallSignature.BYTES;
        ScheduleBuilder builder = ScheduleBuilder.like(schedule);
        int slot = builder.scratch(size * record);
        builder.round().sign(slot, 0, record);
        for (int distance = 1; distance < size; distance <<= 1) {
            if (distance > 1) {
                builder.round();
            }
            // Gathered so far: the records of ranks rank .. rank + distance - 1, at the front.
            int bytes = Math.min(distance, size - distance) * record;
            builder.send(slot, 0, bytes, Math.floorMod(rank - distance, size))
                    .receive(slot, distance * record, bytes, (rank + distance) % size);
        }
        builder.round().verify(slot, 0, size * record);
        return builder.rounds(schedule.rounds()).build();
    }
}
