import mpi.MPI;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

public class RawNio {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int m = Integer.parseInt(args[0]);
        int buf = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        SocketChannel ch;
        int[] port = new int[1];
        if (rank == 0) {
            ServerSocketChannel ss = ServerSocketChannel.open();
            if (buf > 0) ss.setOption(StandardSocketOptions.SO_RCVBUF, buf);
            ss.bind(new InetSocketAddress("127.0.0.1", 0));
            port[0] = ((InetSocketAddress) ss.getLocalAddress()).getPort();
            MPI.COMM_WORLD.bcast(port, 1, MPI.INT, 0);
            ch = ss.accept();
        } else {
            MPI.COMM_WORLD.bcast(port, 1, MPI.INT, 0);
            ch = SocketChannel.open();
            if (buf > 0) ch.setOption(StandardSocketOptions.SO_RCVBUF, buf);
            ch.connect(new InetSocketAddress("127.0.0.1", port[0]));
        }
        ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        if (buf > 0) { ch.setOption(StandardSocketOptions.SO_SNDBUF, buf); ch.setOption(StandardSocketOptions.SO_RCVBUF, buf); }
        ch.configureBlocking(false);
        ByteBuffer a = ByteBuffer.allocateDirect(m), b = ByteBuffer.allocateDirect(m);
        int reps = 600;
        long[] t = new long[reps];
        for (int i = 0; i < reps; i++) {
            long s = System.nanoTime();
            if (rank == 0) { write(ch, a); read(ch, b); } else { read(ch, b); write(ch, a); }
            t[i] = System.nanoTime() - s;
        }
        if (rank == 0) {
            long[] x = Arrays.copyOfRange(t, 100, reps); Arrays.sort(x);
            System.out.printf("raw NIO m=%d buf=%d RTT/2 us: p10 %.1f p50 %.1f p90 %.1f%n", m, buf, x[x.length/10]/2e3, x[x.length/2]/2e3, x[9*x.length/10]/2e3);
        }
        ch.close();
        MPI.Finalize();
    }
    static void write(SocketChannel ch, ByteBuffer a) throws Exception { a.clear(); while (a.hasRemaining()) ch.write(a); }
    static void read(SocketChannel ch, ByteBuffer b) throws Exception { b.clear(); while (b.hasRemaining()) { if (ch.read(b) < 0) throw new RuntimeException("eof"); } }
}
