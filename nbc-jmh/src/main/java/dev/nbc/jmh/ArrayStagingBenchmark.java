package dev.nbc.jmh;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.ByteBuffer;

/**
 * What the Java-array overloads cost over direct buffers: an allreduce of {@code doubles} doubles
 * on the loopback transport (no network, so the staging copies and the pool are what differs),
 * through {@code double[]} (copied into a pooled direct buffer at the start, out at completion)
 * and through direct buffers, in the same JVM.
 * Run: {@code java -jar nbc-jmh/target/nbc-jmh.jar ArrayStagingBenchmark}.
 */
public class ArrayStagingBenchmark extends NbcBenchmark {

    @Param({"1", "1024", "131072"})
    int doubles;

    private ProgressEngine engine;
    private Communicator comm;
    private ByteBuffer sendBuffer;
    private ByteBuffer receiveBuffer;
    private double[] sendArray;
    private double[] receiveArray;

    @Setup(Level.Trial)
    public void setUp() {
        engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
        comm = Communicator.create(engine, new LoopbackTransport(1, 8), CollectiveCheck.OFF);
        sendBuffer = Buffers.allocate(doubles, DataType.DOUBLE);
        receiveBuffer = Buffers.allocate(doubles, DataType.DOUBLE);
        sendArray = new double[doubles];
        receiveArray = new double[doubles];
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        engine.close();
    }

    @Benchmark
    public void directBuffers() {
        comm.iallreduce(sendBuffer, receiveBuffer, doubles, DataType.DOUBLE, ReduceOp.SUM).await();
    }

    @Benchmark
    public void javaArrays() {
        comm.arrays().iallreduce(sendArray, receiveArray, ReduceOp.SUM).await();
    }
}
