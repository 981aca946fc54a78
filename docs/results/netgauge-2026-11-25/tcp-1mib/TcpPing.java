import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.tcp.AddressExchange;
import dev.nbc.core.transport.tcp.TcpTransport;
import mpi.MPI;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;

public class TcpPing {
    static void await(PendingOperation op) { while (!op.test()) Thread.onSpinWait(); }
    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        AddressExchange ex = AddressExchange.ofAllgather(mine -> {
            byte[] all = new byte[mine.length * 2];
            MPI.COMM_WORLD.allGather(mine, mine.length, MPI.BYTE, all, mine.length, MPI.BYTE);
            return all;
        });
        TcpTransport t = TcpTransport.open(rank, 2, new InetSocketAddress("127.0.0.1", 0), ex, Duration.ofSeconds(30));
        int m = Integer.parseInt(args[0]);
        boolean preRecv = args.length > 1 && args[1].equals("pre");
        ByteBuffer a = ByteBuffer.allocateDirect(m), b = ByteBuffer.allocateDirect(m);
        int reps = 600;
        long[] times = new long[reps];
        for (int i = 0; i < reps; i++) {
            if (rank == 0) {
                long s = System.nanoTime();
                if (preRecv) {
                    PendingOperation r = t.receive(b, 0, m, 1, 0);
                    await(t.send(a, 0, m, 1, 0));
                    await(r);
                } else {
                    await(t.send(a, 0, m, 1, 0));
                    await(t.receive(b, 0, m, 1, 0));
                }
                times[i] = System.nanoTime() - s;
            } else {
                await(t.receive(b, 0, m, 0, 0));
                await(t.send(a, 0, m, 0, 0));
            }
        }
        if (rank == 0) {
            long[] x = Arrays.copyOfRange(times, 100, reps);
            Arrays.sort(x);
            System.out.printf("m=%d pre=%s RTT/2 us: p10 %.1f p25 %.1f p50 %.1f p75 %.1f p90 %.1f%n", m, preRecv,
                x[x.length/10]/2e3, x[x.length/4]/2e3, x[x.length/2]/2e3, x[3*x.length/4]/2e3, x[9*x.length/10]/2e3);
        }
        t.close();
        MPI.Finalize();
    }
}
