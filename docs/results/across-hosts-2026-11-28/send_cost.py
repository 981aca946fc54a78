"""What the namespace link's kernel work costs a plain TCP sender and receiver, per 128 KiB message.

A message of 128 KiB every 5 ms (so that the shaper's tokens refill and each send is a burst, as a
collective's round is) from host 1 to host 2 of scripts/netns-cluster; the sender's CPU per sendall
and the receiver's CPU in its recv calls, per 128 KiB (time.thread_time: the calling thread's CPU,
system time included). With the cluster up (scripts/netns-cluster up --hosts 2 --rate 1gbit --mtu 65520):

    taskset -c 1 ip netns exec nbc-h2 python3 send_cost.py recv &
    sleep 1; taskset -c 0 ip netns exec nbc-h1 python3 send_cost.py send
"""
import socket
import sys
import time

BLOCK = 131072
if sys.argv[1:] == ['recv']:
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(('10.213.77.2', 5999))
    server.listen(1)
    conn, _ = server.accept()
    buf = bytearray(1 << 20)
    total, cpu = 0, 0.0
    while True:
        t0 = time.thread_time()
        n = conn.recv_into(buf)
        cpu += time.thread_time() - t0
        if n == 0:
            break
        total += n
    print(f"receiver: {total} bytes, recv calls' CPU {cpu * 1e6 / (total / BLOCK):.0f} us per 128 KiB")
elif sys.argv[1:] == ['send']:
    conn = socket.create_connection(('10.213.77.2', 5999))
    block = b'x' * BLOCK
    times = []
    for i in range(200):
        t0, w0 = time.thread_time(), time.perf_counter()
        conn.sendall(block)
        times.append((time.thread_time() - t0, time.perf_counter() - w0))
        time.sleep(0.005)
    conn.close()
    cpu = sorted(t[0] for t in times[20:])
    wall = sorted(t[1] for t in times[20:])
    print(f"sender: sendall of 128 KiB every 5 ms: CPU median {cpu[len(cpu) // 2] * 1e6:.0f} us "
          f"p90 {cpu[9 * len(cpu) // 10] * 1e6:.0f} us; wall median {wall[len(wall) // 2] * 1e6:.0f} us")
else:
    sys.exit("usage: send_cost.py recv|send")
