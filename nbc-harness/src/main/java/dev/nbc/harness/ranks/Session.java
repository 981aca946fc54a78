package dev.nbc.harness.ranks;

import dev.nbc.core.Communicator;
import dev.nbc.core.progress.ProgressEngine;

/** An nbc communicator with its own progress engine and transport, closed together. */
public record Session(Communicator comm, ProgressEngine engine) implements AutoCloseable {
    @Override
    public void close() {
        comm.close();
        engine.close();
    }
}
