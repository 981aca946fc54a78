#!/usr/bin/env python3
"""Line rate and CPU per byte of one TCP transfer between two of scripts/netns-cluster's hosts.

    netns-linerate.py receive ADDRESS PORT        (in the receiving host's namespace)
    netns-linerate.py send ADDRESS PORT BYTES     (in the sending host's namespace)

The receiver accepts one connection, reads until the sender closes, and answers with its own
figures; the sender then prints one line: the rate over the whole transfer (connection set-up
excluded) and each side's CPU (user + system, this process only) per MiB and as a share of the
wall time. Both sides move the data in 1 MiB calls, so the interpreter's own work is a few hundred
calls and the CPU is the kernel's TCP work charged to the process, as an MPI rank's would be.
"""
import resource
import socket
import sys
import time

CHUNK = 1 << 20


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def receive(address, port):
    with socket.create_server((address, port)) as server:
        connection, _ = server.accept()
        with connection:
            buffer = bytearray(CHUNK)
            view = memoryview(buffer)
            received = 0
            cpu0, t0 = cpu_seconds(), time.perf_counter()
            while True:
                n = connection.recv_into(view)
                if n == 0:
                    break
                received += n
            wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
            connection.sendall(f"{received} {wall:.6f} {cpu:.6f}\n".encode())


def send(address, port, total):
    payload = memoryview(bytearray(CHUNK))
    deadline = time.monotonic() + 10
    while True:
        try:
            connection = socket.create_connection((address, port), timeout=10)
            break
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    with connection:
        cpu0, t0 = cpu_seconds(), time.perf_counter()
        left = total
        while left > 0:
            n = min(left, CHUNK)
            connection.sendall(payload[:n])
            left -= n
        connection.shutdown(socket.SHUT_WR)
        reply = connection.makefile().readline().split()
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
    received, r_wall, r_cpu = int(reply[0]), float(reply[1]), float(reply[2])
    if received != total:
        sys.exit(f"netns-linerate: the receiver got {received} of {total} bytes")
    mib = total / (1 << 20)
    print(f"{total * 8 / wall / 1e9:.3f} Gbit/s over {mib:.0f} MiB; CPU per MiB: sender {cpu / mib * 1e6:.0f} us "
          f"({100 * cpu / wall:.1f} % of the time), receiver {r_cpu / mib * 1e6:.0f} us ({100 * r_cpu / r_wall:.1f} %)")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "receive":
        receive(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 5 and sys.argv[1] == "send":
        send(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        sys.exit(__doc__)
