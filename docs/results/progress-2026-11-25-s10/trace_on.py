"""Session 9's timeline hooks (../progress-2026-11-25-s9/trace/trace_on.py) plus the in-process
transport's sends, receives and copies (events 30-36, named by that directory's tl.py)."""
import runpy
runpy.run_path('/work/main/docs/results/progress-2026-11-25-s9/trace/trace_on.py')


def rep(old, new):
    global s
    assert old in s, old
    s = s.replace(old, new, 1)


p='/work/main/nbc-core/src/main/java/dev/nbc/core/transport/inprocess/InProcessTransport.java'
s=open(p).read()
rep("""        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        requireUsable();""","""        dev.nbc.core.progress.Trace.log(30, length);
        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        requireUsable();""")
rep("""            message.deliver(receive);
        }""","""            message.deliver(receive);
            dev.nbc.core.progress.Trace.log(34, length);
        }""")
rep("""        clock.spinUntil(posted + sendOverhead);
        return new EmulatedSend""","""        clock.spinUntil(posted + sendOverhead);
        dev.nbc.core.progress.Trace.log(31, length);
        return new EmulatedSend""")
rep("""            message.claimInto(receive);
        }
        return receive;""","""            message.claimInto(receive);
            dev.nbc.core.progress.Trace.log(35, length);
        }
        dev.nbc.core.progress.Trace.log(33, length);
        return receive;""")
rep("""            message.release(buffers);
            done = true;""","""            message.release(buffers);
            dev.nbc.core.progress.Trace.log(36, 0);
            done = true;""")
open(p,'w').write(s)
