package dev.nbc.core.transport.inprocess;

import java.util.Arrays;

/**
 * Processors and links that differ, on the emulated network: the ground truth of the
 * heterogeneous LMO model (paper 001). A message of m bytes from rank i to rank j costs,
 * on top of the {@link EmulatedNetwork}'s own terms:
 * <ul>
 *   <li>rank i's CPU {@code C_i + t_i m} when it sends (added to o_s, spent in {@code send()});</li>
 *   <li>rank j's CPU {@code C_j + t_j m} when its receive completes (added to o_r);</li>
 *   <li>the link's {@code m / beta_ij}: up to {@code scatterThresholdBytes} beside the sender's
 *       NIC, so that a root's messages to several ranks travel in parallel (LMO's scatter below
 *       S), and above it on the NIC as a rendezvous, the NIC taking the next message only once the
 *       receiver has processed this one (LMO's serialised scatter above S, which sums whole
 *       point-to-point times: the leap the paper observed).</li>
 * </ul>
 * So an empty roundtrip between i and j takes 2C_i + 2C_j, and one of m bytes out and an empty
 * reply 2C_i + 2C_j + (t_i + t_j + 1/beta_ij) m, exactly as LMO writes them. Arrays are copied;
 * links must be symmetric (one switch).
 *
 * <p>Gather's irregularities (paper 001, Fig. 1), planted where asked: messages longer than
 * {@code gatherThresholdBytes} (M2) reach their receiver one after the other, its inbound link
 * carrying one at a time (a large gather's serialised receptions); messages from
 * {@code escalationFromBytes} (M1) to M2 arrive {@code escalationNanos} late (the constant
 * escalation level the paper saw for medium gathers). Both off by default.
 *
 * @param fixedNanos            C_i, ns per message, one per rank
 * @param perByteNanos          t_i, ns per byte
 * @param linkNanosPerByte      1 / beta_ij, ns per byte, symmetric
 * @param scatterThresholdBytes S: messages longer than this occupy the sender's NIC for their link time
 * @param gatherThresholdBytes  M2: messages longer than this are received one after the other
 * @param escalationFromBytes   M1: messages from this size to M2 arrive {@code escalationNanos} late
 * @param escalationNanos       the escalation level, ns
 */
public record Heterogeneity(double[] fixedNanos, double[] perByteNanos, double[][] linkNanosPerByte, long scatterThresholdBytes,
                            long gatherThresholdBytes, long escalationFromBytes, long escalationNanos) {

    /** Without gather's irregularities. */
    public Heterogeneity(double[] fixedNanos, double[] perByteNanos, double[][] linkNanosPerByte, long scatterThresholdBytes) {
        this(fixedNanos, perByteNanos, linkNanosPerByte, scatterThresholdBytes, Long.MAX_VALUE, Long.MAX_VALUE, 0);
    }

    public Heterogeneity {
        int n = fixedNanos.length;
        if (perByteNanos.length != n || linkNanosPerByte.length != n) {
            throw new IllegalArgumentException("perByteNanos, linkNanosPerByte: need one per rank (" + n + "), but have "
                    + perByteNanos.length + ", " + linkNanosPerByte.length);
        }
        fixedNanos = fixedNanos.clone();
        perByteNanos = perByteNanos.clone();
        double[][] links = new double[n][];
        for (int i = 0; i < n; i++) {
            if (linkNanosPerByte[i].length != n) {
                throw new IllegalArgumentException("linkNanosPerByte[" + i + "]: needs " + n + " entries, but has "
                        + linkNanosPerByte[i].length);
            }
            links[i] = linkNanosPerByte[i].clone();
            check("fixedNanos[" + i + "]", fixedNanos[i]);
            check("perByteNanos[" + i + "]", perByteNanos[i]);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                check("linkNanosPerByte[" + i + "][" + j + "]", links[i][j]);
                if (links[i][j] != links[j][i]) {
                    throw new IllegalArgumentException("linkNanosPerByte: must be symmetric (one switch), but [" + i + "][" + j
                            + "] = " + links[i][j] + " and [" + j + "][" + i + "] = " + links[j][i]);
                }
            }
        }
        linkNanosPerByte = links;
        if (scatterThresholdBytes < 0) {
            throw new IllegalArgumentException("scatterThresholdBytes: must be >= 0, but was " + scatterThresholdBytes);
        }
        if (gatherThresholdBytes < 0 || escalationFromBytes < 0 || escalationNanos < 0) {
            throw new IllegalArgumentException("gatherThresholdBytes, escalationFromBytes, escalationNanos: must be >= 0, but were "
                    + gatherThresholdBytes + ", " + escalationFromBytes + ", " + escalationNanos);
        }
    }

    private static void check(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + ": must be a finite, non-negative number of ns, but was " + value);
        }
    }

    /** Ranks described. */
    public int size() {
        return fixedNanos.length;
    }

    /** Rank {@code rank}'s CPU per message of {@code bytes}: C + t m, whole ns. */
    long cpuNanos(int rank, int bytes) {
        return Math.round(fixedNanos[rank] + perByteNanos[rank] * bytes);
    }

    /** The link's time for {@code bytes} from {@code from} to {@code to}: m / beta, whole ns. */
    long linkNanos(int from, int to, int bytes) {
        return Math.round(linkNanosPerByte[from][to] * bytes);
    }

    /** True if a message of {@code bytes} waits for its receiver's inbound link (above M2). */
    boolean receivedInTurn(int bytes) {
        return bytes > gatherThresholdBytes;
    }

    /** How late a message of {@code bytes} arrives for the medium-size escalation (M1 to M2). */
    long escalation(int bytes) {
        return bytes >= escalationFromBytes && bytes <= gatherThresholdBytes ? escalationNanos : 0;
    }

    /** True if a message of {@code bytes} occupies its sender's NIC for its link time. */
    boolean serialised(int bytes) {
        return bytes > scatterThresholdBytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Heterogeneity h && Arrays.equals(fixedNanos, h.fixedNanos) && Arrays.equals(perByteNanos, h.perByteNanos)
                && Arrays.deepEquals(linkNanosPerByte, h.linkNanosPerByte) && scatterThresholdBytes == h.scatterThresholdBytes
                && gatherThresholdBytes == h.gatherThresholdBytes && escalationFromBytes == h.escalationFromBytes
                && escalationNanos == h.escalationNanos;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(fixedNanos) * 31 + Arrays.deepHashCode(linkNanosPerByte);
    }

    @Override
    public String toString() {
        return "Heterogeneity[C=" + Arrays.toString(fixedNanos) + " ns, t=" + Arrays.toString(perByteNanos) + " ns/B, 1/beta="
                + Arrays.deepToString(linkNanosPerByte) + " ns/B, S=" + scatterThresholdBytes + " B, M1=" + escalationFromBytes
                + " B, M2=" + gatherThresholdBytes + " B, escalation " + escalationNanos + " ns]";
    }
}
