package dev.nbc.jmh;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * What building one rank's schedule costs, per algorithm, for a small and a large group. The
 * Communicator caches schedules, so this is paid once per shape, but it bounds what a first call
 * (or a model building 1M ranks' schedules) pays.
 */
public class ScheduleBuildBenchmark extends NbcBenchmark {
    @Param({"4", "1024"})
    int size;

    /** Elements of DOUBLE per rank: 8 B and 4 MiB. */
    @Param({"1", "524288"})
    int count;

    private int rank() {
        return size / 2 + 1;
    }

    @Benchmark
    public Schedule disseminationBarrier() {
        return BarrierAlgorithm.DISSEMINATION.build(rank(), size);
    }

    @Benchmark
    public Schedule binomialBcast() {
        return BcastAlgorithm.BINOMIAL.build(rank(), size, 0, count, DataType.DOUBLE, 65536);
    }

    @Benchmark
    public Schedule pipelinedChainBcast() {
        return BcastAlgorithm.PIPELINED_CHAIN.build(rank(), size, 0, count, DataType.DOUBLE, 65536);
    }

    @Benchmark
    public Schedule reduceBcastAllreduce() {
        return AllreduceAlgorithm.REDUCE_BCAST.build(rank(), size, count, DataType.DOUBLE, ReduceOp.SUM, false);
    }

    @Benchmark
    public Schedule recursiveDoublingAllreduce() {
        return AllreduceAlgorithm.RECURSIVE_DOUBLING.build(rank(), size, count, DataType.DOUBLE, ReduceOp.SUM, false);
    }

    @Benchmark
    public Schedule ringAllreduce() {
        return AllreduceAlgorithm.RING.build(rank(), size, count, DataType.DOUBLE, ReduceOp.SUM, false);
    }
}
