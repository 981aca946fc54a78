package dev.nbc.models.assessment;

/**
 * Everything measured between two ranks for one message size s (bytes), in nanoseconds. PRTT is
 * Netgauge's parametrized round trip: the client sends {@code n} messages of s bytes, waiting
 * {@code d} between them, and the server answers with one message of s bytes once all have come.
 *
 * @param bytes           message size s
 * @param prtt1           PRTT(1, 0, s): a plain ping-pong
 * @param prttN           PRTT(n, 0, s): n messages back to back
 * @param prttNDelayed    PRTT(n, d, s) with {@code d = delay}
 * @param delay           d, the median of PRTT(1, 0, s) (Netgauge's choice: larger than the gap)
 * @param sendOverhead    pLogP o_s(s): a blocking send timed on the sender, the network idle
 * @param receiveOverhead pLogP o_r(s): a receive timed on the receiver, posted when the message has surely arrived
 */
public record SizeMeasurement(long bytes, Spread prtt1, Spread prttN, Spread prttNDelayed, double delay,
                              Spread sendOverhead, Spread receiveOverhead) {
}
