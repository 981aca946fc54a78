package dev.nbc.models.assessment.fit;

/**
 * One protocol region of a size sweep: points {@code from..to} (inclusive, indices into the sweep)
 * covering message sizes {@code fromBytes..toBytes}, with its own straight line.
 */
public record Region(int from, int to, double fromBytes, double toBytes, LineFit fit) {

    /** True if {@code bytes} lies in this region's size range (its ends included). */
    public boolean covers(double bytes) {
        return bytes >= fromBytes && bytes <= toBytes;
    }
}
