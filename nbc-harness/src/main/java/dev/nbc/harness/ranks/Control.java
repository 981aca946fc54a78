package dev.nbc.harness.ranks;

import dev.nbc.core.transport.OverTransport;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The benchmark's own control plane: blocking point-to-point messages, barrier, gather and
 * broadcast of small arrays over a {@link Transport} that nothing else uses (so that its messages
 * never meet the collectives under test, and clock exchanges work alike over MPI and in-process).
 * Blocking here means polling {@link PendingOperation#test()}: spin briefly, then yield, because
 * on this machine ranks outnumber cores.
 */
public final class Control implements OverTransport {
    private static final int TAG_BARRIER = 1;
    private static final int TAG_GATHER = 2;
    private static final int TAG_BCAST = 3;
    /** Tags from here on are free for callers (clock synchronisation). */
    public static final int FIRST_USER_TAG = 100;

    private final Transport transport;
    private final ByteBuffer one = direct(8);
    private final ByteBuffer barrierIn = direct(8);

    public Control(Transport transport) {
        this.transport = transport;
    }

    @Override
    public Transport transport() {
        return transport;
    }

    public static ByteBuffer direct(int bytes) {
        return ByteBuffer.allocateDirect(Math.max(bytes, 1)).order(ByteOrder.nativeOrder());
    }

    /**
     * Now on the transport's clock ({@link Transport#nanoTime()}): System.nanoTime(), or an
     * emulated network's virtual time, which is what clock synchronisation over it must read.
     */
    public long now() {
        return transport.nanoTime();
    }

    /**
     * Sleeps {@code millis}, then waits until the transport's clock has passed them too: at once
     * on the real clock; on virtual time the clock moves there.
     */
    public void pause(long millis) {
        long until = now() + millis * 1_000_000;
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        transport.spinUntil(until);
    }

    /** Polls until done. */
    public static void await(PendingOperation op) {
        int spins = 0;
        while (!op.test()) {
            if (++spins < 200) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    public void send(ByteBuffer buffer, int length, int peer, int tag) {
        await(transport.send(buffer, 0, length, peer, tag));
    }

    public void receive(ByteBuffer buffer, int length, int peer, int tag) {
        await(transport.receive(buffer, 0, length, peer, tag));
    }

    /**
     * Dissemination barrier: in round k every rank signals rank + 2^k and waits for rank - 2^k,
     * so all ranks leave within about one message time of each other. (A linear barrier releases
     * rank 0 a whole message time before the others: on the emulated network, L = 20 us, that
     * skew was larger than a small broadcast, which then measured as having no network time.)
     */
    public void barrier() {
        int p = size();
        int rank = rank();
        for (int distance = 1; distance < p; distance *= 2) {
            PendingOperation in = transport.receive(barrierIn, 0, 1, (rank - distance + p) % p, TAG_BARRIER);
            PendingOperation out = transport.send(one, 0, 1, (rank + distance) % p, TAG_BARRIER);
            await(out);
            await(in);
        }
    }

    /** Every rank's array at rank 0 (row r = rank r's); null elsewhere. Arrays may differ in length. */
    public double[][] gather(double[] local) {
        int p = size();
        if (rank() != 0) {
            ByteBuffer header = direct(8);
            header.putLong(0, local.length);
            send(header, 8, 0, TAG_GATHER);
            ByteBuffer data = direct(local.length * 8);
            data.asDoubleBuffer().put(local);
            send(data, local.length * 8, 0, TAG_GATHER);
            return null;
        }
        double[][] all = new double[p][];
        all[0] = local.clone();
        ByteBuffer header = direct(8);
        for (int r = 1; r < p; r++) {
            receive(header, 8, r, TAG_GATHER);
            int n = (int) header.getLong(0);
            ByteBuffer data = direct(n * 8);
            receive(data, n * 8, r, TAG_GATHER);
            all[r] = new double[n];
            data.asDoubleBuffer().get(all[r]);
        }
        return all;
    }

    /** Rank 0's array of {@code length} values on every rank ({@code values} is ignored elsewhere). */
    public double[] bcast(double[] values, int length) {
        ByteBuffer data = direct(length * 8);
        if (rank() == 0) {
            data.asDoubleBuffer().put(values, 0, length);
            for (int r = 1; r < size(); r++) {
                send(data, length * 8, r, TAG_BCAST);
            }
            return values.clone();
        }
        receive(data, length * 8, 0, TAG_BCAST);
        double[] out = new double[length];
        data.asDoubleBuffer().get(out);
        return out;
    }

    public double bcast(double value) {
        return bcast(new double[] {value}, 1)[0];
    }

    /** Maximum over ranks of one value, on every rank. */
    public double max(double value) {
        double[][] all = gather(new double[] {value});
        double m = value;
        if (all != null) {
            for (double[] v : all) {
                m = Math.max(m, v[0]);
            }
        }
        return bcast(m);
    }
}
