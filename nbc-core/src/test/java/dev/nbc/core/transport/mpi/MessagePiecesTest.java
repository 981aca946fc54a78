package dev.nbc.core.transport.mpi;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The piece size setting and which messages travel as pieces; the trains themselves: MpiTransportIT (pieces). */
class MessagePiecesTest {

    @Test
    void theSettingIsOffOrASizeOfAtLeastTheMinimum() {
        assertEquals(0, MessagePieces.parse("off"));
        assertEquals(0, MessagePieces.parse(" OFF "));
        assertEquals(65472, MessagePieces.parse("65472"));
        assertEquals(MessagePieces.MIN_PIECE_BYTES, MessagePieces.parse(String.valueOf(MessagePieces.MIN_PIECE_BYTES)));
        for (String bad : new String[] {"1023", "0", "-5", "64k", "on"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MessagePieces.parse(bad));
            assertTrue(e.getMessage().contains("NBC_MPI_PIECE") && e.getMessage().contains("'" + bad + "'")
                    && e.getMessage().contains("at least 1024"), e.getMessage());
        }
    }

    @Test
    void openMpisTcpEagerLimitIsItsVariablesOrTheDefault() {
        assertEquals(65536, MessagePieces.openMpiEagerLimit(null));
        assertEquals(65536, MessagePieces.openMpiEagerLimit(" "));
        assertEquals(131072, MessagePieces.openMpiEagerLimit("131072"));
        assertEquals(131072, MessagePieces.openMpiEagerLimit("128k"));
        assertEquals(1 << 20, MessagePieces.openMpiEagerLimit("1M"));
        assertEquals(65536, MessagePieces.openMpiEagerLimit("lots"));
        // a tiny limit still leaves pieces of the minimum size
        assertEquals(MessagePieces.MIN_PIECE_BYTES + MessagePieces.HEADER_ALLOWANCE, MessagePieces.openMpiEagerLimit("100"));
    }

    @Test
    void onlyMessagesLongerThanAPieceToRanksOnOtherNodesTravelAsPieces() {
        MessagePieces pieces = new MessagePieces(1000, new boolean[] {false, true});
        assertFalse(pieces.apply(0, 5000), "same node");
        assertFalse(pieces.apply(1, 1000), "one piece");
        assertTrue(pieces.apply(1, 1001));
        assertFalse(MessagePieces.NONE.apply(0, Integer.MAX_VALUE));
        assertTrue(MessagePieces.toEveryRank(1000, 2).apply(0, 1001));
    }
}
