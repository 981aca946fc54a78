public class G { public static void main(String[] a) throws Exception { 
  Thread[] t = new Thread[Integer.parseInt(a[0])]; double[] r = new double[t.length];
  for (int i=0;i<t.length;i++){ int k=i; t[i]=new Thread(() -> r[k]=dev.nbc.models.assessment.measure.GammaProbe.measure()); t[i].start(); }
  for (Thread x: t) x.join(); for (int i=0;i<3;i++) System.out.print(String.format("%.3f ", i<r.length? r[i] : dev.nbc.models.assessment.measure.GammaProbe.measure())); System.out.println(); } }
