import shutil
shutil.copy('/work/main/docs/results/progress-2026-11-25-s9/trace/Trace.java','/work/main/nbc-core/src/main/java/dev/nbc/core/progress/Trace.java')
p='/work/main/nbc-core/src/main/java/dev/nbc/core/progress/ProgressEngine.java'
s=open(p).read()
def rep(old,new):
    global s
    assert old in s, old
    s=s.replace(old,new,1)
rep("""        if (running && wakeAt - now > 0) {
            LockSupport.parkNanos(this, wakeAt - now);
            threadWakeups++;""","""        if (running && wakeAt - now > 0) {
            Trace.log(1, wakeAt - now);
            LockSupport.parkNanos(this, wakeAt - now);
            Trace.log(2, 0);
            threadWakeups++;""")
rep("""            LockSupport.parkNanos(this, nanos);
            threadWakeups++;""","""            Trace.log(11, nanos);
            LockSupport.parkNanos(this, nanos);
            Trace.log(2, 0);
            threadWakeups++;""")
rep("""            boolean changed = pass(true, true, now);""","""            Trace.log(3, 0);
            boolean changed = pass(true, true, now);
            Trace.log(4, changed ? 1 : 0);""")
rep("""            wakeupsByCallers.increment();
            LockSupport.unpark(thread);""","""            wakeupsByCallers.increment();
            Trace.log(7, planned - wanted);
            LockSupport.unpark(thread);""")
open(p,'w').write(s)
p='/work/main/nbc-core/src/main/java/dev/nbc/core/progress/Execution.java'
s=open(p).read()
rep("""        roundPostedAt = passTime;
        roundPolled = false;""","""        roundPostedAt = passTime;
        roundPolled = false;
        Trace.log(5, round.communication().size());""")
rep("""            times.observe(round, stillRunningAt, now - roundPostedAt);
        }""","""            times.observe(round, stillRunningAt, now - roundPostedAt);
            Trace.log(8, round * 1_000_000_000L + times.expected(round));
            Trace.log(9, stillRunningAt);
        }
        Trace.log(6, round);""")
open(p,'w').write(s)
p='/work/main/nbc-bench/src/main/java/dev/nbc/bench/overlap/OverlapBenchmark.java'
s=open(p).read()
rep("""            long t0 = System.nanoTime();
            dev.nbc.harness.call.CollectiveCall.Started s = op.start();""","""            long t0 = System.nanoTime();
            dev.nbc.core.progress.Trace.log(20, i);
            dev.nbc.harness.call.CollectiveCall.Started s = op.start();
            dev.nbc.core.progress.Trace.log(21, i);""")
rep("""            s.await();
            overall[i]""","""            dev.nbc.core.progress.Trace.log(22, i);
            s.await();
            dev.nbc.core.progress.Trace.log(23, i);
            overall[i]""")
open(p,'w').write(s)

