import java.nio.*;
import dev.nbc.core.*;
import dev.nbc.core.datatype.*;
public class Parts { public static void main(String[] a){ int n=Integer.parseInt(a[0]); int cnt=n/8;
 ByteBuffer in=Buffers.allocate(cnt*2, DataType.DOUBLE), out=Buffers.allocate(cnt*2, DataType.DOUBLE), scr=Buffers.allocate(cnt, DataType.DOUBLE); byte[] st=new byte[n];
 for(int r=0;r<6;r++){ int reps=2000; long t0=System.nanoTime();
  for(int i=0;i<reps;i++) out.duplicate().position(0).put(in.duplicate().limit(n).position(0)); long t1=System.nanoTime();
  for(int i=0;i<reps;i++) ReduceOp.SUM.apply(DataType.DOUBLE, scr, 0, out, 0, cnt, true); long t2=System.nanoTime();
  for(int i=0;i<reps;i++) in.get(0, st, 0, n); long t3=System.nanoTime();
  for(int i=0;i<reps;i++) out.put(0, st, 0, n); long t4=System.nanoTime();
  System.out.printf("%d B: bb copy %.1f us, reduce %.1f us, stage %.1f us, copy-out %.1f us%n", n,(t1-t0)/1e3/reps,(t2-t1)/1e3/reps,(t3-t2)/1e3/reps,(t4-t3)/1e3/reps);} } }
