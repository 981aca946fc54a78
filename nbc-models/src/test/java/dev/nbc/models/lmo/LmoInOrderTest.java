package dev.nbc.models.lmo;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LMO composed along the linear algorithms' order, on a network small enough to work out by hand:
 * root 0 (C 10, t 1 per byte), ranks 1 and 2 (C 1 and 5, t 0), links 1/beta 2 and 1 per byte.
 */
class LmoInOrderTest {
    private static final LmoParameters P = new LmoParameters(new double[] {10, 1, 5}, new double[] {1, 0, 0},
            new double[][] {{0, 2, 1}, {2, 0, 1}, {1, 1, 0}});
    /** S 100, M1 500, M2 1000: 10 bytes are parallel, 200 serialised for scatter; gather small at 10, medium at 1000, large at 2000. */
    private static final LmoCollectives MODEL = new LmoCollectives(P, 100, 500, 1000, 0, 0, Double.NaN);

    @Test
    void scatterPostsInRankOrderAndOverlapsTheTransfers() {
        // M = 10 (parallel): rank 1's message posted at 20, arrives 20 + 20, processed + 1 = 41; rank 2's posted at 40, + 10 + 5 = 55
        assertEquals(55, MODEL.scatterInOrder(0, 10), 1e-9);
        // the paper's closed form: 2 (10 + 10) + max(1 + 20, 5 + 10) = 61, the root's two sends before either branch
        assertEquals(61, MODEL.scatter(0, 10), 1e-9);
        // M = 200 (serialised): rank 1: posted 210, done 210 + 400 + 1 = 611; rank 2: posted 420, starts at 611, done 611 + 200 + 5
        assertEquals(816, MODEL.scatterInOrder(0, 200), 1e-9);
        assertEquals(2 * 210 + 401 + 205, MODEL.scatter(0, 200), 1e-9);
    }

    @Test
    void gatherReceivesInRankOrderAsTheBlocksArrive() {
        // M = 10 (below M1): rank 1's block arrives 1 + 20 = 21, processed by 41; rank 2's arrives 5 + 10 = 15, processed 41 + 20 = 61
        assertEquals(61, MODEL.gatherComposed(0, 10), 1e-9);
        assertEquals(61, MODEL.gatherInOrder(0, 10), 1e-9);
        // above M2 (2000): the inbound link carries one block at a time as they come (here in rank order): rank 1's arrives 1 + 4000, processed
        // 4001 + 2010 = 6011; rank 2's starts on the link at 4001, arrives 6001, processed 6011 + 2010
        assertEquals(8021, MODEL.gatherComposed(0, 2000), 1e-9);
        assertTrue(Double.isNaN(MODEL.gatherInOrder(0, 1000)), "between M1 and M2 without an escalation level: no prediction");
        // with one: M = 1000 arrives 1 + 2000 + 300 = 2301 (rank 1) and 5 + 1000 + 300 = 1305 (rank 2), processed 2301 + 1010, + 1010
        LmoCollectives escalated = new LmoCollectives(P, 100, 500, 1000, 0, 0, 300);
        assertEquals(4321, escalated.gatherInOrder(0, 1000), 1e-9);
        assertEquals(MODEL.gatherComposed(0, 1000) + 300, escalated.gatherInOrder(0, 1000), 1e-9);
    }

    @Test
    void aNonZeroRootPostsInRankOrderNotFromItselfOnwards() {
        // root 1 (C 1, t 0) posts to 0 then 2, as its schedule does: rank 0's message posted at 1, 1 + 20 + (10 + 10) = 41;
        // rank 2's posted at 2, 2 + 10 + 5 = 17; counted from the root onwards (2 first, then 0) it would be 2 + 20 + 20 = 42
        assertArrayEquals(new int[] {0, 2}, LinearOrder.scatter(1, 3));
        assertEquals(41, MODEL.scatterInOrder(1, 10), 1e-9);
        // gather to root 1: rank 0's block arrives 20 + 20 = 40, rank 2's 5 + 10 = 15; processed in rank order: 40 + 1, 41 + 1 = 42
        // (from the root onwards: 15 + 1 = 16, then 40 + 1 = 41)
        assertArrayEquals(new int[] {0, 2}, LinearOrder.gather(1, 3));
        assertEquals(42, MODEL.gatherComposed(1, 10), 1e-9);
    }

    @Test
    void aboveM2TheLinkTakesTheBlocksFirstComeFirstServedAndTheRootProcessesThemInRankOrder() {
        // rank 1 slow (C 50): its block is ready at 50, rank 2's at 5
        LmoParameters slowFirst = new LmoParameters(new double[] {10, 50, 5}, new double[] {1, 0, 0},
                new double[][] {{0, 2, 1}, {2, 0, 1}, {1, 1, 0}});
        LmoCollectives model = new LmoCollectives(slowFirst, 100, 1000, 1000, 0, 0, Double.NaN);
        // M = 2000: rank 2's block takes the link first, 5 + 2000 = 2005; rank 1's from 2005, + 4000 = 6005;
        // the root processes rank 1's at 6005 + 2010 = 8015, then rank 2's (long there) + 2010 = 10025
        assertEquals(10025, model.gatherComposed(0, 2000), 1e-9);
    }

    @Test
    void theClosedFormsBoundTheComposedOnesFromAbove() {
        for (double m : new double[] {1, 10, 50, 100, 150, 500}) {
            assertTrue(MODEL.scatterInOrder(0, m) <= MODEL.scatter(0, m) + 1e-9, "scatter at " + m);
        }
        for (double m : new double[] {1, 10, 500, 2000}) {
            assertTrue(MODEL.gatherComposed(0, m) <= MODEL.gather(0, m) + 1e-9, "gather at " + m);
        }
    }
}
