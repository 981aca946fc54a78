package dev.nbc.core.testing;

import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the P schedules of one collective in a single thread, round by round, with the engine's
 * rules (local operations first, then communication; a round ends when all of it completed) and
 * FIFO matching per pair of ranks. Sends complete only when matched (rendezvous), so a schedule
 * that relies on buffering deadlocks here and is reported. Deterministic: it checks algorithms
 * without threads, timing or a transport.
 */
public final class ScheduleInterpreter {
    private ScheduleInterpreter() {
    }

    private static final class Message {
        final ByteBuffer buffer;
        final int offset;
        final int length;
        boolean delivered;

        Message(ByteBuffer buffer, int offset, int length) {
            this.buffer = buffer;
            this.offset = offset;
            this.length = length;
        }
    }

    private static final class PendingReceive {
        final ByteBuffer buffer;
        final int offset;
        final int length;
        boolean done;

        PendingReceive(ByteBuffer buffer, int offset, int length) {
            this.buffer = buffer;
            this.offset = offset;
            this.length = length;
        }
    }

    /**
     * Runs every rank's schedule to completion.
     *
     * @param inputs  per rank, the buffer bound to slot INPUT (or null)
     * @param outputs per rank, the buffer bound to slot OUTPUT (or null)
     * @throws AssertionError on deadlock or a size mismatch between a send and its receive
     */
    public static void run(Schedule[] schedules, ByteBuffer[] inputs, ByteBuffer[] outputs) {
        int size = schedules.length;
        ByteBuffer[][] slots = new ByteBuffer[size][];
        int[] round = new int[size];
        List<Object>[] pending = newLists(size);
        // unmatched sends and receives per (source, destination)
        ArrayDeque<Message>[][] sends = newQueues(size);
        ArrayDeque<PendingReceive>[][] receives = newQueues(size);
        for (int rank = 0; rank < size; rank++) {
            Schedule schedule = schedules[rank];
            slots[rank] = new ByteBuffer[schedule.slotCount()];
            slots[rank][Slots.INPUT] = inputs[rank] != null ? inputs[rank] : ByteBuffer.allocateDirect(0);
            slots[rank][Slots.OUTPUT] = outputs[rank] != null ? outputs[rank] : ByteBuffer.allocateDirect(0);
            for (int slot = Slots.FIRST_SCRATCH; slot < schedule.slotCount(); slot++) {
                slots[rank][slot] = ByteBuffer.allocateDirect(schedule.slotBytes(slot));
            }
            round[rank] = -1;
        }
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int rank = 0; rank < size; rank++) {
                if (roundDone(pending[rank])) {
                    pending[rank].clear();
                    if (round[rank] + 1 < schedules[rank].depth()) {
                        round[rank]++;
                        post(rank, schedules[rank], schedules[rank].rounds().get(round[rank]), slots[rank], pending[rank], sends, receives);
                        progress = true;
                    } else if (round[rank] + 1 == schedules[rank].depth()) {
                        round[rank]++;
                        progress = true;
                    }
                }
            }
            progress |= match(sends, receives);
        }
        for (int rank = 0; rank < size; rank++) {
            if (round[rank] != schedules[rank].depth()) {
                throw new AssertionError("deadlock: rank " + rank + " stuck in round " + round[rank] + " of "
                        + schedules[rank].depth() + " of " + schedules[rank]);
            }
        }
    }

    private static boolean roundDone(List<Object> pending) {
        for (Object operation : pending) {
            if (operation instanceof Message m && !m.delivered) {
                return false;
            }
            if (operation instanceof PendingReceive r && !r.done) {
                return false;
            }
        }
        return true;
    }

    private static void post(int rank, Schedule schedule, Round round, ByteBuffer[] slots, List<Object> pending,
                             ArrayDeque<Message>[][] sends, ArrayDeque<PendingReceive>[][] receives) {
        for (Operation operation : round.local()) {
            if (operation instanceof Operation.Reduce r) {
                schedule.op().apply(schedule.type(), slots[r.sourceSlot()], r.sourceOffset(), slots[r.operandSlot()],
                        r.operandOffset(), slots[r.targetSlot()], r.targetOffset(), r.count(), r.sourceIsLeft());
            } else if (operation instanceof Operation.Copy c) {
                ByteBuffer target = slots[c.targetSlot()].duplicate().position(c.targetOffset());
                target.put(slots[c.sourceSlot()].duplicate().limit(c.sourceOffset() + c.length()).position(c.sourceOffset()));
            }
        }
        for (Operation operation : round.communication()) {
            if (operation instanceof Operation.Send s) {
                Message message = new Message(slots[s.slot()], s.offset(), s.length());
                sends[rank][s.peer()].add(message);
                pending.add(message);
            } else if (operation instanceof Operation.Receive r) {
                PendingReceive receive = new PendingReceive(slots[r.slot()], r.offset(), r.length());
                receives[r.peer()][rank].add(receive);
                pending.add(receive);
            }
        }
    }

    private static boolean match(ArrayDeque<Message>[][] sends, ArrayDeque<PendingReceive>[][] receives) {
        boolean matched = false;
        for (int source = 0; source < sends.length; source++) {
            for (int destination = 0; destination < sends.length; destination++) {
                ArrayDeque<Message> queue = sends[source][destination];
                ArrayDeque<PendingReceive> waiting = receives[source][destination];
                while (!queue.isEmpty() && !waiting.isEmpty()) {
                    Message message = queue.poll();
                    PendingReceive receive = waiting.poll();
                    if (message.length != receive.length) {
                        throw new AssertionError("size mismatch " + source + " -> " + destination + ": sent "
                                + message.length + " bytes, receive posted for " + receive.length);
                    }
                    ByteBuffer target = receive.buffer.duplicate().position(receive.offset);
                    target.put(message.buffer.duplicate().limit(message.offset + message.length).position(message.offset));
                    message.delivered = true;
                    receive.done = true;
                    matched = true;
                }
            }
        }
        return matched;
    }

    @SuppressWarnings("unchecked")
    private static List<Object>[] newLists(int size) {
        List<Object>[] lists = new List[size];
        for (int i = 0; i < size; i++) {
            lists[i] = new ArrayList<>();
        }
        return lists;
    }

    @SuppressWarnings("unchecked")
    private static <T> ArrayDeque<T>[][] newQueues(int size) {
        ArrayDeque<T>[][] queues = new ArrayDeque[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                queues[i][j] = new ArrayDeque<>();
            }
        }
        return queues;
    }
}
