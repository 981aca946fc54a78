#!/usr/bin/env python3
"""A dissemination barrier as a GOAL schedule for LogGOPSim, round by round as nbc-core's
DisseminationBarrier: in round k rank r sends to r + 2^k and receives from r - 2^k, and a round
starts when the previous one's send and receive are done."""
import sys
p = int(sys.argv[1])
out = [f"num_ranks {p}", ""]
for r in range(p):
    out.append(f"rank {r} {{")
    k, dist, label = 0, 1, 0
    prev = []
    while dist < p:
        s, v = label + 1, label + 2
        out.append(f"l{s}: send 1b to {(r + dist) % p} tag {k}")
        out.append(f"l{v}: recv 1b from {(r - dist) % p} tag {k}")
        for d in prev:
            out.append(f"l{s} requires l{d}")
            out.append(f"l{v} requires l{d}")
        prev = [s, v]
        label += 2
        k += 1
        dist *= 2
    out.append("}")
    out.append("")
print("\n".join(out))
