package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.module.MessageLostException;
import dev.nbc.core.transport.PendingOperation;

import java.nio.ByteBuffer;

/**
 * Ranks 0 and 1 sending each other a message at once, the exchange that ping-ping times and nbov
 * computes beside: each posts the receive and the send, then waits for both, so that both
 * messages are in flight together. The other ranks take no part.
 */
final class PairExchange {
    private final PatternRun run;
    private final int partner;
    private final ByteBuffer out;
    private final ByteBuffer in;

    /** On every rank: the buffers for the sweep's largest message, from the module's memory hook. */
    PairExchange(PatternRun run) {
        this.run = run;
        this.partner = 1 - run.rank();
        this.out = run.endpoint().allocate(run.sweep().maxBytes());
        this.in = run.endpoint().allocate(run.sweep().maxBytes());
    }

    /** Whether this rank exchanges (ranks 0 and 1). */
    boolean active() {
        return run.rank() < 2;
    }

    /**
     * The sweep's timed rounds of exchanges of {@code bytes}, after its warm-up rounds, each with
     * {@code whilePosted} run between posting and waiting (null: nothing): their times in ns on
     * the run's timer, and the rounds whose message an unreliable module lost.
     */
    RoundTimes time(int bytes, Runnable whilePosted) {
        int rounds = run.sweep().rounds(bytes);
        RoundTimes times = new RoundTimes(rounds);
        for (int round = -run.sweep().warmups(bytes); round < rounds; round++) {
            try {
                long t = exchange(bytes, whilePosted);
                if (round >= 0) {
                    times.add(t);
                }
            } catch (MessageLostException lost) {
                times.lost();
            }
        }
        return times;
    }

    /**
     * One exchange with the partner: post the receive and the send, run {@code whilePosted} (if
     * any: nbov's computation), wait for both; its time on the run's timer.
     *
     * @throws MessageLostException if an unreliable module lost the partner's message (the send has completed)
     */
    private long exchange(int bytes, Runnable whilePosted) {
        Endpoint endpoint = run.endpoint();
        long start = run.timer().nanos();
        PendingOperation receive = endpoint.irecv(in, bytes, partner);
        PendingOperation send = endpoint.isend(out, bytes, partner);
        if (whilePosted != null) {
            whilePosted.run();
        }
        endpoint.await(send);
        endpoint.await(receive);
        return run.timer().nanos() - start;
    }
}
