package dev.nbc.bench.netgauge.module;

import dev.nbc.core.transport.TransportException;

/**
 * A message that an unreliable module (UDP) did not deliver: a later one from the same peer
 * arrived first, or none arrived within the module's receive timeout. Patterns count these and
 * report them beside their timings; they are never hidden.
 */
public final class MessageLostException extends TransportException {
    public MessageLostException(String message) {
        super(message);
    }
}
