package dev.nbc.core.check;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What one call on a communicator is, as the consistency check compares it between ranks: the
 * collective (or the communicator's close), its algorithm and segment size, root, count, type,
 * reduction operation, and the call's number on the communicator. Every rank sends its signature
 * to every other as a record of {@link #BYTES} bytes before any data moves ({@link SignatureExchange}),
 * so a record's layout is the same on every rank and across machines (big-endian, names in
 * fixed-size fields).
 *
 * @param collective   the collective; a close is a {@link Collective#BARRIER} with {@code closing} set
 * @param closing      true for {@code Communicator.close()}, which exchanges signatures too
 * @param algorithm    the algorithm's name (all ranks must run the same one)
 * @param root         the root, -1 for collectives without one
 * @param count        elements per rank
 * @param type         element type
 * @param op           the reduction operation's name, or null
 * @param segmentBytes segment size of a pipelined algorithm, 0 otherwise
 * @param number       the call's number on its communicator, from 0
 */
public record CallSignature(Collective collective, boolean closing, String algorithm, int root, int count,
                            DataType type, String op, int segmentBytes, long number) {

    /** The size of one encoded record. */
    public static final int BYTES = 96;

    /** "nbc1": tells a signature from data, e.g. that of a rank running without the check. */
    private static final int MAGIC = 0x6E626331;
    private static final int CLOSING = 0xFF;
    private static final int NO_OP = 0xFF;
    private static final int ALGORITHM_AT = 32;
    private static final int ALGORITHM_BYTES = 24;
    private static final int OP_AT = ALGORITHM_AT + ALGORITHM_BYTES;
    private static final int OP_BYTES = BYTES - OP_AT;

    /** The signature of call {@code number} running {@code schedule} (segment size 0 where it has none). */
    public static CallSignature of(Schedule schedule, int segmentBytes, long number) {
        return new CallSignature(schedule.collective(), false, schedule.algorithm().name(), schedule.root(),
                schedule.count(), schedule.type(), schedule.op() == null ? null : schedule.op().name(), segmentBytes, number);
    }

    /** The signature of a communicator's close, call {@code number}. */
    public static CallSignature closing(long number) {
        return new CallSignature(Collective.BARRIER, true, "", -1, 0, DataType.BYTE, null, 0, number);
    }

    /** The same call with another number: a persistent collective's next start. */
    public CallSignature numbered(long newNumber) {
        return new CallSignature(collective, closing, algorithm, root, count, type, op, segmentBytes, newNumber);
    }

    /** Writes the record into {@code BYTES} bytes of {@code buffer} from {@code offset}. */
    public void writeTo(ByteBuffer buffer, int offset) {
        ByteBuffer out = buffer.duplicate().order(ByteOrder.BIG_ENDIAN);
        byte[] algorithmName = fit(algorithm, ALGORITHM_BYTES);
        byte[] opName = op == null ? new byte[0] : fit(op, OP_BYTES);
        out.putInt(offset, MAGIC);
        out.put(offset + 4, (byte) (closing ? CLOSING : collective.ordinal()));
        out.put(offset + 5, (byte) type.ordinal());
        out.put(offset + 6, (byte) algorithmName.length);
        out.put(offset + 7, (byte) (op == null ? NO_OP : opName.length));
        out.putInt(offset + 8, root);
        out.putInt(offset + 12, count);
        out.putInt(offset + 16, segmentBytes);
        // Names longer than their field are cut; the hash of the whole name still tells them apart.
        out.putInt(offset + 20, op == null ? 0 : op.hashCode());
        out.putLong(offset + 24, number);
        byte[] padded = new byte[BYTES - ALGORITHM_AT];
        System.arraycopy(algorithmName, 0, padded, 0, algorithmName.length);
        System.arraycopy(opName, 0, padded, OP_AT - ALGORITHM_AT, opName.length);
        out.put(offset + ALGORITHM_AT, padded);
    }

    /**
     * Reads a record written by {@link #writeTo}, or returns null if the bytes are no signature
     * (wrong magic, or codes no signature has).
     */
    public static CallSignature readFrom(ByteBuffer buffer, int offset) {
        ByteBuffer in = buffer.duplicate().order(ByteOrder.BIG_ENDIAN);
        if (in.getInt(offset) != MAGIC) {
            return null;
        }
        int kind = in.get(offset + 4) & 0xFF;
        int type = in.get(offset + 5) & 0xFF;
        int algorithmLength = in.get(offset + 6) & 0xFF;
        int opLength = in.get(offset + 7) & 0xFF;
        boolean closing = kind == CLOSING;
        if (!closing && kind >= Collective.values().length || type >= DataType.values().length
                || algorithmLength > ALGORITHM_BYTES || opLength != NO_OP && opLength > OP_BYTES) {
            return null;
        }
        return new CallSignature(closing ? Collective.BARRIER : Collective.values()[kind], closing,
                text(in, offset + ALGORITHM_AT, algorithmLength), in.getInt(offset + 8), in.getInt(offset + 12),
                DataType.values()[type], opLength == NO_OP ? null : text(in, offset + OP_AT, opLength),
                in.getInt(offset + 16), in.getLong(offset + 24));
    }

    /**
     * The call as the user wrote it, e.g. {@code ibcast(root=0, count=10, DOUBLE) #7}; with
     * {@code withAlgorithm} also how it runs, e.g. {@code ibcast(root=0, count=10, DOUBLE; BINOMIAL) #7}.
     */
    public String describe(boolean withAlgorithm) {
        StringBuilder call = new StringBuilder();
        if (closing) {
            call.append("close(");
        } else {
            // As the call reads on Communicator: a v-collective's counts may differ between ranks
            // (they must agree pairwise), and alltoallw's types are per peer, so neither is compared.
            call.append(methodName(collective)).append('(');
            String separator = "";
            if (root >= 0) {
                call.append("root=").append(root);
                separator = ", ";
            }
            if (collective.hasEqualBlocks() && collective != Collective.BARRIER) {
                call.append(separator).append("count=").append(count);
                separator = ", ";
            }
            if (collective != Collective.BARRIER && collective != Collective.ALLTOALLW) {
                call.append(separator).append(type);
            }
            if (op != null) {
                call.append(", ").append(op);
            }
        }
        if (withAlgorithm && !algorithm.isEmpty()) {
            call.append(call.charAt(call.length() - 1) == '(' ? "" : "; ").append(algorithm);
            if (segmentBytes > 0) {
                call.append(" in ").append(segmentBytes).append(" B segments");
            }
        }
        return call.append(") #").append(number).toString();
    }

    /** The non-blocking call's name on Communicator: "ireduceScatterBlock" for reduce_scatter_block. */
    private static String methodName(Collective collective) {
        StringBuilder name = new StringBuilder("i");
        boolean upper = false;
        for (char c : collective.label().toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                name.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return name.toString();
    }

    private static byte[] fit(String text, int limit) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= limit ? bytes : Arrays.copyOf(bytes, limit);
    }

    private static String text(ByteBuffer in, int at, int length) {
        byte[] bytes = new byte[length];
        in.get(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
