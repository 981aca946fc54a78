package dev.nbc.bench.failure;

import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.mpi.MpiRanks;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.RankRuns;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.List;

/**
 * An MPI program for {@link RankFailureIT}: on every rank but the one named by its argument, work
 * that is collective over all ranks (MPI_Comm_split and a barrier in {@link Ranks#run}); on that
 * one, an exception instead. Before RankRuns, the failed rank went on to MPI_Finalize and its
 * peers waited in the collective forever.
 */
@Command(name = "failing-rank")
public final class FailingRankMain {
    private FailingRankMain() {
    }

    public static void main(String[] args) throws Exception {
        int failing = Integer.parseInt(args[0]);
        int rank = JobEnvironment.current().rank();
        int code = RankRuns.run(new CommandLine(new FailingRankMain()).getCommandSpec(), MpiRanks.create(), List.of(), ranks -> {
            if (rank == failing) {
                throw new IllegalStateException("planted failure on rank " + rank);
            }
            ranks.run(ranks.maxRanks(), env -> 0);
            return 0;
        });
        System.exit(code);
    }
}
