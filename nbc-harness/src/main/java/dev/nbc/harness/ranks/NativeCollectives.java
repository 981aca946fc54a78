package dev.nbc.harness.ranks;

import java.nio.ByteBuffer;

/**
 * The MPI library's own collectives on the same group (Open MPI's, through its Java bindings),
 * for comparison with nbc's. Buffers are direct; counts are in doubles. Only the MPI transport
 * has them ({@link RankEnv#nativeCollectives()} is null in-process).
 */
public interface NativeCollectives {

    /** A started non-blocking operation of the MPI library. */
    interface NativeRequest {
        boolean test();

        void await();
    }

    void barrier();

    void bcast(ByteBuffer buffer, int count, int root);

    void allreduce(ByteBuffer in, ByteBuffer out, int count);

    NativeRequest ibarrier();

    NativeRequest ibcast(ByteBuffer buffer, int count, int root);

    NativeRequest iallreduce(ByteBuffer in, ByteBuffer out, int count);
}
