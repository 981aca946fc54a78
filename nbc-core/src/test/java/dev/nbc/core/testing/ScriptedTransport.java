package dev.nbc.core.testing;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportArguments;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * A transport whose operations do what a test scripts: complete at once, never complete, fail, or
 * throw from the engine's own thread. It records every operation started (with its tag), and every
 * revocation and abort (which do nothing else).
 */
public final class ScriptedTransport implements Transport {
    /** One operation started; {@code buffer} is the buffer it was given (compared by identity in tests of buffer reuse). */
    public record Started(boolean send, int peer, int tag, int length, ByteBuffer buffer) {
    }

    private final int rank;
    private final int size;
    private final List<Started> started = new CopyOnWriteArrayList<>();
    private volatile Supplier<PendingOperation> behaviour = () -> () -> true;
    private volatile RuntimeException failOnStart;
    private volatile int bytesMovedWithoutPolling;
    private final List<String> revocations = new CopyOnWriteArrayList<>();
    private final List<String> aborts = new CopyOnWriteArrayList<>();

    public ScriptedTransport(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    /** Operations started from now on behave as {@code behaviour} says. */
    public ScriptedTransport behave(Supplier<PendingOperation> behaviour) {
        this.behaviour = behaviour;
        return this;
    }

    /** Messages up to {@code bytes} move without polling ({@link Transport#bytesMovedWithoutPolling()}; 0 by default). */
    public ScriptedTransport movesWithoutPolling(int bytes) {
        this.bytesMovedWithoutPolling = bytes;
        return this;
    }

    @Override
    public int bytesMovedWithoutPolling() {
        return bytesMovedWithoutPolling;
    }

    /** Starting an operation throws {@code failure} (null: starting works). */
    public ScriptedTransport failOnStart(RuntimeException failure) {
        this.failOnStart = failure;
        return this;
    }

    public List<Started> started() {
        return started;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int maxTag() {
        return 5;
    }

    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        return start(new Started(true, peer, tag, length, buffer));
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkReceive(this, buffer, offset, length, peer, tag);
        return start(new Started(false, peer, tag, length, buffer));
    }

    private PendingOperation start(Started operation) {
        RuntimeException failure = failOnStart;
        if (failure != null) {
            throw failure;
        }
        // Bound before the operation is listed: a test that waits for it to be listed may then change
        // the behaviour for the next one.
        PendingOperation pending = behaviour.get();
        started.add(operation);
        return pending;
    }

    /** The reasons given to {@link #revoke}, in order (nothing else happens). */
    public List<String> revocations() {
        return revocations;
    }

    /** The reasons given to {@link #abort}, in order (nothing else happens). */
    public List<String> aborts() {
        return aborts;
    }

    @Override
    public void revoke(String reason) {
        revocations.add(reason);
    }

    @Override
    public void abort(String reason) {
        aborts.add(reason);
    }

    @Override
    public void close() {
    }
}
