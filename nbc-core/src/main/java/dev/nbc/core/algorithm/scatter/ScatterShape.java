package dev.nbc.core.algorithm.scatter;

/**
 * What every scatter builder needs to know: rank r's block of {@code blockBytes} is at offset
 * r x blockBytes of the root's INPUT and lands in r's OUTPUT; the root's, in place, stays where it
 * is (the root then has no OUTPUT).
 */
record ScatterShape(int rank, int size, int root, int blockBytes, boolean inPlace) {
}
