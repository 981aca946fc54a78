package dev.nbc.core.transport.mpi.bindings;

import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;
import mpi.MPIException;
import mpi.Request;

import java.nio.ByteBuffer;

/** A request of Open MPI's Java bindings, holding the memory it works on reachable while MPI uses it. */
final class BindingsRequest implements MpiRequest {
    private final Request request;
    @SuppressWarnings({"unused", "FieldCanBeLocal"})
    private final ByteBuffer memory;

    BindingsRequest(Request request, ByteBuffer memory) {
        this.request = request;
        this.memory = memory;
    }

    @Override
    public boolean test() throws MpiException {
        try {
            return request.test();
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public void await() throws MpiException {
        try {
            request.waitFor();
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public void cancel() throws MpiException {
        try {
            request.cancel();
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public void free() throws MpiException {
        try {
            request.free();
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }
}
