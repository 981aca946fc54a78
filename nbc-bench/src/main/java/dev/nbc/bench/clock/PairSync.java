package dev.nbc.bench.clock;

import dev.nbc.harness.ranks.Control;

import java.nio.ByteBuffer;

/** The ping-pong of {@link MinRttFilter} over the control plane's point-to-point messages. */
public final class PairSync {
    static final int TAG_PING = Control.FIRST_USER_TAG;
    static final int TAG_PONG = Control.FIRST_USER_TAG + 1;

    /** Outcome on the client: offset = client - server (ns), at the client's time clientTime. */
    public record Result(double offset, long minRtt, int exchanges) {
    }

    private PairSync() {
    }

    public static Result client(Control control, int server, LocalClock clock, int patience, int maxExchanges) {
        MinRttFilter filter = new MinRttFilter(patience, maxExchanges);
        ByteBuffer ping = Control.direct(8);
        ByteBuffer pong = Control.direct(8);
        boolean more = true;
        while (more) {
            ping.putLong(0, 1);
            long t1 = clock.at(control.now());
            control.send(ping, 8, server, TAG_PING);
            control.receive(pong, 8, server, TAG_PONG);
            long t2 = clock.at(control.now());
            more = filter.add(t1, pong.getLong(0), t2);
        }
        ping.putLong(0, 0);
        control.send(ping, 8, server, TAG_PING);
        return new Result(filter.offset(), filter.minRtt(), filter.exchanges());
    }

    public static void server(Control control, int client, LocalClock clock) {
        ByteBuffer ping = Control.direct(8);
        ByteBuffer pong = Control.direct(8);
        while (true) {
            control.receive(ping, 8, client, TAG_PING);
            if (ping.getLong(0) == 0) {
                return;
            }
            pong.putLong(0, clock.at(control.now()));
            control.send(pong, 8, client, TAG_PONG);
        }
    }
}
