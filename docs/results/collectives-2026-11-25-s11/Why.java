import dev.nbc.models.selection.*;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.datatype.*;
public class Why {
    public static void main(String[] a) {
        ModelAdvisor m = ModelAdvisor.fromModelFile(java.nio.file.Path.of(a[0]));
        for (int i = 1; i + 2 < a.length + 1; i += 3) {
            Collective c = Collective.parse(a[i]); int p = Integer.parseInt(a[i+1]); long b = Long.parseLong(a[i+2]);
            System.out.println(m.explain(c, c.count(b, DataType.DOUBLE), DataType.DOUBLE, p, ReduceOp.SUM).why());
        }
    }
}
