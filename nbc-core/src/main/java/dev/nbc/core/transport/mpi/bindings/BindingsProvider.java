package dev.nbc.core.transport.mpi.bindings;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiProvider;

/** MPI through Open MPI's Java bindings (mpi.jar and libmpi_java): refers to no mpi.* class until chosen. */
public final class BindingsProvider implements MpiProvider {

    @Override
    public String name() {
        return "bindings";
    }

    @Override
    public String available() {
        try {
            Class.forName("mpi.MPI", false, BindingsProvider.class.getClassLoader());
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return "Open MPI's Java bindings (mpi.jar) are not on the class path";
        }
    }

    @Override
    public Mpi init(String[] args) {
        return BindingsMpi.initThreadMultiple(args);
    }
}
