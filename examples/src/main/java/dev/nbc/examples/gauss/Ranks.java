package dev.nbc.examples.gauss;

import dev.nbc.cli.RankGroup;
import dev.nbc.core.Communicator;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Where the ranks of a run come from: threads of this JVM ({@link #inProcess}) or the processes
 * of an MPI job ({@code MpiRanks}). The driver's body is SPMD code that every rank runs with its
 * own {@link Communicator}; this class hides whether the ranks are threads or processes.
 */
public abstract class Ranks implements RankGroup {

    /** For reports: "in-process", "in-process L=50us o=2us ...", "mpi". */
    public abstract String describe();

    /** The rank counts this launcher can run from those asked for (MPI: only the job's size). */
    public abstract int[] sizes(int[] requested);

    /**
     * Runs {@code body} on {@code size} ranks and returns rank 0's result (on MPI, this process's).
     * An exception thrown by the body (on all ranks alike, as the solver's are) is rethrown as is.
     */
    public abstract <T> T run(int size, Function<Communicator, T> body);

    @Override
    public void close() {
    }

    /** P threads, each with its own progress engine (as one per process would be). */
    public static Ranks inProcess(EmulatedNetwork network, Duration timeout) {
        return new Ranks() {
            @Override
            public String describe() {
                if (network.isIdeal()) {
                    return "in-process";
                }
                return String.format("in-process L=%.0fus o=%.1fus g=%.1fus G=%.2fns/B", network.L() / 1e3,
                        network.oSend() / 1e3, network.g() / 1e3, network.G());
            }

            @Override
            public boolean leader() {
                return true;
            }

            @Override
            public int[] sizes(int[] requested) {
                return requested;
            }

            @Override
            public <T> T run(int size, Function<Communicator, T> body) {
                AtomicReference<T> result = new AtomicReference<>();
                try (InProcessWorld world = new InProcessWorld(size, network)) {
                    world.run((rank, transport) -> {
                        try (ProgressEngine engine = ProgressEngine.start()) {
                            T value = body.apply(Communicator.create(engine, transport));
                            if (rank == 0) {
                                result.set(value);
                            }
                        }
                    }, timeout);
                } catch (InProcessWorld.RankFailedException failed) {
                    // the solver fails on every rank alike; report the cause, not the thread wrapper
                    if (failed.getCause() instanceof RuntimeException cause) {
                        throw cause;
                    }
                    throw failed;
                }
                return result.get();
            }

            @Override
            public int agree(int verdict) {
                return verdict;
            }

            /** Nothing to end: the failure propagates; a failed rank thread closed its endpoint, so its peers failed too. */
            @Override
            public void abortAfter(Throwable failure) {
            }
        };
    }
}
