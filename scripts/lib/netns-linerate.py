#!/usr/bin/env python3
"""Line rate and CPU per byte of one TCP transfer between two of scripts/netns-cluster's hosts.

    netns-linerate.py receive ADDRESS PORT        (in the receiving host's namespace)
    netns-linerate.py send ADDRESS PORT BYTES     (in the sending host's namespace)
    netns-linerate.py exchange listen|connect ADDRESS PORT BYTES   (one in each of two hosts)

The receiver accepts one connection, reads until the sender closes, and answers with its own
figures; the sender then prints one line: the rate over the whole transfer (connection set-up
excluded) and each side's CPU (user + system, this process only) per MiB and as a share of the
wall time. Both sides move the data in 1 MiB calls, so the interpreter's own work is a few hundred
calls and the CPU is the kernel's TCP work charged to the process, as an MPI rank's would be.

The exchange measures the ceiling of overlap on the link: both hosts put BYTES into the connection
(socket buffers of 4 MiB take it whole, as nbc's TCP transport's do), compute for as long as the
exchange alone took, then take what arrived; no user code runs while the data moves, so what the
computation loses is the kernel's network work on the host's core (on namespace hosts that includes
the shaper, the virtual wires and the bridge, which a NIC would do). The connecting side prints the
computation's stretch and the overlap (OSU's formula) that leaves, medians of both hosts over 15
exchanges.
"""
import resource
import socket
import sys
import time

CHUNK = 1 << 20


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def connect(address, port, timeout=None, receive_buffer=None):
    """A connection to a peer that may not listen yet: refused connections are retried for 10 s.
    A receive buffer is set before connecting, so that the window scale can use it."""
    deadline = time.monotonic() + 10
    while True:
        connection = socket.socket()
        try:
            connection.settimeout(timeout)
            if receive_buffer:
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
            connection.connect((address, port))
            return connection
        except ConnectionRefusedError:
            connection.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


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
    with connect(address, port, timeout=10) as connection:
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


EXCHANGES = 15
BUFFER = 4 << 20


def busy(iterations):
    x = 0
    for i in range(iterations):
        x = (x * 1103515245 + i) & 0xFFFFFFFF
    return x


def exchange(role, address, port, total):
    if role == "listen":
        with socket.create_server((address, port)) as server:
            server.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, BUFFER)
            connection, _ = server.accept()
    else:
        connection = connect(address, port, receive_buffer=BUFFER)
    with connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, BUFFER)
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        payload, inbox, one = memoryview(bytearray(total)), memoryview(bytearray(total)), bytearray(1)

        def step():  # both sides in step before each phase
            connection.sendall(b"s")
            connection.recv_into(one, 1)

        def move(compute):
            connection.setblocking(False)
            sent = received = 0
            try:
                sent = connection.send(payload)
            except BlockingIOError:
                pass
            t0 = time.perf_counter()
            if compute:
                busy(compute)
            worked = time.perf_counter() - t0
            connection.setblocking(True)
            connection.sendall(payload[sent:])
            while received < total:
                received += connection.recv_into(inbox[received:], total - received)
            return worked

        t0 = time.perf_counter()
        busy(200_000)
        per_second = 200_000 / (time.perf_counter() - t0)
        stretches, overlaps = [], []
        for _ in range(EXCHANGES + 2):
            step()
            t0 = time.perf_counter()
            move(0)
            alone = time.perf_counter() - t0
            iterations = int(alone * per_second)
            step()
            t0 = time.perf_counter()
            busy(iterations)
            compute = time.perf_counter() - t0
            step()
            t0 = time.perf_counter()
            worked = move(iterations)
            overall = time.perf_counter() - t0
            stretches.append(100 * (worked - compute) / alone)
            overlaps.append(max(0.0, 100 * (1 - (overall - compute) / alone)))
        stretch, overlap = sorted(stretches[2:])[EXCHANGES // 2], sorted(overlaps[2:])[EXCHANGES // 2]
        if role == "listen":
            connection.sendall(f"{stretch:.3f} {overlap:.3f}\n".encode())
        else:
            reply = connection.makefile().readline().split()
            stretch_other, overlap_other = float(reply[0]), float(reply[1])
            print(f"{total >> 10} KiB each way, computing meanwhile: the computation took {stretch:.0f} / "
                  f"{stretch_other:.0f} % of the exchange's time longer, overlap ceiling {overlap:.0f} / {overlap_other:.0f} %")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "receive":
        receive(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 5 and sys.argv[1] == "send":
        send(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) == 6 and sys.argv[1] == "exchange" and sys.argv[2] in ("listen", "connect"):
        exchange(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit(__doc__)
