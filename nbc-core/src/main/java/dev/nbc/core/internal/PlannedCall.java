package dev.nbc.core.internal;

import dev.nbc.core.schedule.Schedule;

import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * A collective call with its arguments checked and its algorithm chosen: what a collective's own
 * class ({@code algorithm/allreduce/Allreduce} and the like) makes of a call, and what its
 * communicator turns into a persistent collective (schedule from the cache, buffers bound).
 *
 * @param key          the schedule's cache key
 * @param build        builds the schedule when the cache has none for {@code key}
 * @param inputName    the call's name for the INPUT buffer, as errors give it
 * @param input        INPUT's region, or null (in place, or no data to send)
 * @param outputName   the call's name for the OUTPUT buffer
 * @param output       OUTPUT's region, or null (in place, or no result on this rank)
 * @param segmentBytes the segment size the consistency check compares; 0 if the algorithm has none
 * @param description  the call as errors name it, without the rank ("IALLREDUCE 8 x DOUBLE SUM")
 */
public record PlannedCall(ScheduleKey key, Supplier<Schedule> build, String inputName, ByteBuffer input, String outputName,
                          ByteBuffer output, int segmentBytes, Supplier<String> description) {

    /** A call whose buffers are named sendBuffer and receiveBuffer, without segments: all but the broadcast. */
    public PlannedCall(ScheduleKey key, Supplier<Schedule> build, ByteBuffer input, ByteBuffer output,
                       Supplier<String> description) {
        this(key, build, "sendBuffer", input, "receiveBuffer", output, 0, description);
    }
}
