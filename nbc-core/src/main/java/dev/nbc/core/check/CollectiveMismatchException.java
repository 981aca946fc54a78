package dev.nbc.core.check;

import dev.nbc.core.request.NbcException;

/**
 * The ranks of a communicator did not make the same call: the consistency check found signatures
 * that differ. Every rank that took part finds the same signatures, so every one of them fails its
 * call this way, before any of its data was sent or received.
 */
public final class CollectiveMismatchException extends NbcException {
    public CollectiveMismatchException(String message) {
        super(message);
    }
}
