package dev.nbc.core.transport.tcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Runs one body per endpoint of a local TCP group, each on a thread of its own (as InProcessWorld.run). */
final class TcpRanks {
    @FunctionalInterface
    interface RankBody {
        void run(int rank, TcpTransport transport) throws Exception;
    }

    private TcpRanks() {
    }

    /**
     * Runs the bodies and returns when all are done. A rank whose body throws has its endpoint
     * closed at once, so that its peers fail instead of waiting; the first failure is rethrown
     * with the others suppressed.
     */
    static void run(List<TcpTransport> group, RankBody body) throws Throwable {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (TcpTransport transport : group) {
            Thread thread = new Thread(() -> {
                try {
                    body.run(transport.rank(), transport);
                } catch (Throwable t) {
                    failures.add(new AssertionError("rank " + transport.rank() + " failed: " + t, t));
                    transport.close();
                }
            }, "tcp-rank-" + transport.rank());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join(Duration.ofMinutes(2).toMillis());
        }
        Throwable first = failures.poll();
        if (first != null) {
            failures.forEach(first::addSuppressed);
            throw first;
        }
    }
}
