package dev.nbc.core.check;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The signatures of all ranks of one call, as {@link SignatureExchange} gathers them: P records
 * of {@link CallSignature#BYTES} bytes, record {@code i} from rank {@code (rank + i) mod P} (this
 * rank's own first). Judges them: every record must equal this rank's, byte for byte.
 */
public final class GatheredSignatures {
    private GatheredSignatures() {
    }

    /**
     * @throws CollectiveMismatchException naming this rank's call and the first rank whose call
     *         differs, if any record differs from this rank's own
     */
    public static void verify(ByteBuffer gathered, int offset, int rank, int size) {
        List<Integer> differing = new ArrayList<>(0);
        for (int i = 1; i < size; i++) {
            if (!sameRecord(gathered, offset, offset + i * CallSignature.BYTES)) {
                differing.add((rank + i) % size);
            }
        }
        if (!differing.isEmpty()) {
            throw new CollectiveMismatchException(describe(gathered, offset, rank, size, differing));
        }
    }

    /** Compares two records in place, eight bytes at a time (no slices: this runs once per checked call). */
    private static boolean sameRecord(ByteBuffer buffer, int first, int second) {
        for (int at = 0; at < CallSignature.BYTES; at += Long.BYTES) {
            if (buffer.getLong(first + at) != buffer.getLong(second + at)) {
                return false;
            }
        }
        return true;
    }

    private static String describe(ByteBuffer gathered, int offset, int rank, int size, List<Integer> differing) {
        int other = differing.stream().min(Integer::compare).orElseThrow();
        CallSignature mine = CallSignature.readFrom(gathered, offset);
        CallSignature theirs = CallSignature.readFrom(gathered, offset + Math.floorMod(other - rank, size) * CallSignature.BYTES);
        StringBuilder message = new StringBuilder("collective mismatch: rank ").append(rank).append(" called ");
        if (theirs == null) {
            message.append(mine.describe(false)).append(" but rank ").append(other).append(" sent no signature for it")
                    .append(" (the consistency check must be on for every rank or for none: ")
                    .append(CollectiveCheck.VARIABLE).append(" or -D").append(CollectiveCheck.PROPERTY).append(")");
        } else {
            // Name the algorithm only where it is what differs: the calls read as the user wrote them.
            boolean sameCall = mine.describe(false).equals(theirs.describe(false));
            message.append(mine.describe(sameCall)).append(" but rank ").append(other).append(" called ")
                    .append(theirs.describe(sameCall));
        }
        if (differing.size() > 1) {
            message.append(" (").append(differing.size()).append(" ranks differ from rank ").append(rank).append(": ")
                    .append(differing).append(")");
        }
        return message.toString();
    }
}
