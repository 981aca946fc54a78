package dev.nbc.models.assessment;

import java.util.List;

/**
 * What moving bytes costs a computation on the rank's own core: ranks 0 and 1 exchange
 * {@code messages} messages of {@code messageBytes} each way while both compute a fixed amount of
 * work, and the computation takes {@code stretch} longer than alone. That is LogGOPS's per-byte
 * overhead O where the host's CPU moves the bytes (the kernel's TCP work and copies, on namespace
 * hosts also the virtual wires and the shaper); see {@code CpuPerByteProbe} for the protocol.
 *
 * @param messageBytes    bytes per message
 * @param messages        messages each rank sent, and received, in one exchange
 * @param computationNanos the computation alone on rank 0, median ns (as long as about two exchanges)
 * @param stretch         per rank (0, then 1): with the exchange minus alone, ns, over the repetitions
 * @param late            repetitions, over both ranks, whose exchange was not complete when the computation ended
 */
public record CpuPerByte(int messageBytes, int messages, double computationNanos, List<Spread> stretch, int late) {

    public CpuPerByte {
        stretch = List.copyOf(stretch);
        if (messageBytes < 1 || messages < 1) {
            throw new IllegalArgumentException("messageBytes, messages: must be >= 1, but were " + messageBytes + ", " + messages);
        }
        if (stretch.size() != 2) {
            throw new IllegalArgumentException("stretch: one spread per rank of the pair, but had " + stretch.size());
        }
    }

    /** Bytes each rank sent, and received, in one exchange. */
    public long bytesEachWay() {
        return (long) messageBytes * messages;
    }

    /** The two ranks' median stretch, averaged, ns. */
    public double meanStretch() {
        return (stretch.get(0).median() + stretch.get(1).median()) / 2;
    }
}
