package dev.nbc.core.internal;

import dev.nbc.core.datatype.DataType;

import java.nio.ByteBuffer;

/**
 * The regions of a call whose send and receive buffers hold {@code elements} each (an allreduce,
 * a scan, an all-to-all): in place when {@code sendBuffer} is null or the same memory as
 * {@code receiveBuffer}, and then {@code input} is null.
 */
public record SameSizeBuffers(ByteBuffer input, ByteBuffer output, boolean inPlace) {
    public static SameSizeBuffers of(ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int elements, DataType type) {
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, elements, type);
        ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, elements, type);
        boolean inPlace = input == null
                || CollectiveArguments.sameRegion("sendBuffer", sendBuffer, "receiveBuffer", receiveBuffer, output.capacity());
        return new SameSizeBuffers(inPlace ? null : input, output, inPlace);
    }
}
