package dev.nbc.core.algorithm;

import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allgather.AllgathervAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A buffer the partner has just read is not written in the next round, and a contribution is sent
 * from INPUT rather than from its copy in OUTPUT (which the next call writes again): under Open
 * MPI's single-copy transfers (the partner's process reads our buffer) writing what it had just
 * read cost 7.7 us instead of 1.1 for a 32 KiB combination (docs/core.md).
 */
class WriteAfterSendTest {

    /** Where round r + 1's local operations write what round r sent, as "round r: slot s". */
    static List<String> writesAfterSends(Schedule schedule, int elementBytes) {
        List<String> found = new ArrayList<>();
        List<Round> rounds = schedule.rounds();
        for (int r = 0; r + 1 < rounds.size(); r++) {
            for (Operation sent : rounds.get(r).communication()) {
                if (!(sent instanceof Operation.Send send)) {
                    continue;
                }
                for (Operation local : rounds.get(r + 1).local()) {
                    int slot;
                    int offset;
                    int length;
                    if (local instanceof Operation.Reduce reduce) {
                        slot = reduce.targetSlot();
                        offset = reduce.targetOffset();
                        length = reduce.count() * elementBytes;
                    } else if (local instanceof Operation.Copy copy) {
                        slot = copy.targetSlot();
                        offset = copy.targetOffset();
                        length = copy.length();
                    } else {
                        continue;
                    }
                    if (slot == send.slot() && offset < send.offset() + send.length() && send.offset() < offset + length) {
                        found.add("round " + r + ": slot " + slot);
                    }
                }
            }
        }
        return found;
    }

    @Test
    void recursiveDoublingAllreduceNeverCombinesIntoWhatItJustSent() {
        for (boolean inPlace : new boolean[] {false, true}) {
            for (int size = 1; size <= 16; size++) {
                for (int rank = 0; rank < size; rank++) {
                    Schedule schedule = AllreduceAlgorithm.RECURSIVE_DOUBLING.build(rank, size, 1000, DataType.DOUBLE, ReduceOp.SUM, inPlace);
                    List<String> found = writesAfterSends(schedule, 8);
                    // in place, with an odd number of combinations, the first must write OUTPUT, which it sent
                    if (!inPlace) {
                        assertEquals(List.of(), found, "rank " + rank + " of " + size);
                    } else {
                        assertEquals(true, found.size() <= 1, "rank " + rank + " of " + size + " in place: " + found);
                    }
                }
            }
        }
    }

    @Test
    void recursiveDoublingScansNeverOverwriteAPartialJustSent() {
        for (boolean inPlace : new boolean[] {false, true}) {
            for (int size = 1; size <= 16; size++) {
                for (int rank = 0; rank < size; rank++) {
                    assertEquals(List.of(), writesAfterSends(ScanAlgorithm.RECURSIVE_DOUBLING.build(rank, size, 1000, DataType.DOUBLE,
                            ReduceOp.SUM, inPlace), 8), "scan, rank " + rank + " of " + size + (inPlace ? " in place" : ""));
                    assertEquals(List.of(), writesAfterSends(ExscanAlgorithm.RECURSIVE_DOUBLING.build(rank, size, 1000, DataType.DOUBLE,
                            ReduceOp.SUM, inPlace), 8), "exscan, rank " + rank + " of " + size + (inPlace ? " in place" : ""));
                }
            }
        }
    }

    /** Where a send from OUTPUT covers what a copy from INPUT put there, as "round r". */
    static List<String> sendsOfCopiedInput(Schedule schedule) {
        List<String> found = new ArrayList<>();
        List<int[]> copied = new ArrayList<>();
        List<Round> rounds = schedule.rounds();
        for (int r = 0; r < rounds.size(); r++) {
            for (Operation local : rounds.get(r).local()) {
                if (local instanceof Operation.Copy copy && copy.sourceSlot() == Slots.INPUT && copy.targetSlot() == Slots.OUTPUT) {
                    copied.add(new int[] {copy.targetOffset(), copy.length()});
                }
            }
            for (Operation sent : rounds.get(r).communication()) {
                if (sent instanceof Operation.Send send && send.slot() == Slots.OUTPUT) {
                    for (int[] region : copied) {
                        if (region[0] < send.offset() + send.length() && send.offset() < region[0] + region[1]) {
                            found.add("round " + r);
                        }
                    }
                }
            }
        }
        return found;
    }

    @Test
    void ringAllgathersTheLinearScanAndTheAllreducesSendTheContributionFromInput() {
        for (int size = 1; size <= 16; size++) {
            int[] counts = new int[size];
            java.util.Arrays.fill(counts, 100);
            for (int rank = 0; rank < size; rank++) {
                String where = "rank " + rank + " of " + size;
                assertEquals(List.of(), sendsOfCopiedInput(AllgatherAlgorithm.RING.build(rank, size, 100, DataType.DOUBLE, false)), where);
                assertEquals(List.of(), sendsOfCopiedInput(AllgathervAlgorithm.RING.build(rank, size,
                        BlockLayout.packed(counts, DataType.DOUBLE), DataType.DOUBLE, false)), where);
                assertEquals(List.of(), sendsOfCopiedInput(ScanAlgorithm.LINEAR.build(rank, size, 100, DataType.DOUBLE, ReduceOp.SUM,
                        false)), where);
                assertEquals(List.of(), sendsOfCopiedInput(AllreduceAlgorithm.RECURSIVE_DOUBLING.build(rank, size, 100, DataType.DOUBLE,
                        ReduceOp.SUM, false)), where);
                assertEquals(List.of(), sendsOfCopiedInput(AllreduceAlgorithm.RABENSEIFNER.build(rank, size, 100, DataType.DOUBLE,
                        ReduceOp.SUM, false)), where);
            }
        }
    }
}
