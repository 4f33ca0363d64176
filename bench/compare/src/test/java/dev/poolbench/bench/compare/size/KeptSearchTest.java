package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A kept size search read again under the margin rule from its size.json alone (schema 1, as kept). */
class KeptSearchTest {

    /** A size as size.json schema 1 kept it: duets, ratio, 95 % interval, the deciding interval. */
    static ObjectNode keptSize(int size, PairedTest.Result r) {
        ObjectNode s = Json.object();
        s.put("size", size).put("duets", r.n()).put("verdict", r.word().label());
        s.put("ratio", 1 + r.estimatePercent() / 100);
        s.put("ci95LowPercent", r.lowPercent()).put("ci95HighPercent", r.highPercent());
        PairedTest.Interval d = r.decidingInterval();
        s.putObject("decidingInterval").put("level", d.level()).put("lowPercent", d.lowPercent())
                .put("highPercent", d.highPercent());
        return s;
    }

    @Test
    void eachVerdictIsRebuiltFromTheKeptCountRatioAndInterval() {
        Random random = new Random(53);
        for (int n = 2; n <= 8; n++) {
            double[] logs = new double[n];
            for (int i = 0; i < n; i++) {
                logs[i] = Math.log(0.97) + 0.03 * random.nextGaussian();
            }
            PairedTest.Result kept = PairedTest.of(logs, 5);
            PairedTest.Result rebuilt = KeptSearch.verdict(keptSize(4, kept), 5);
            assertEquals(kept.word(), rebuilt.word(), n + " duets");
            assertEquals(kept.low90Percent(), rebuilt.low90Percent(), 1e-9, n + " duets");
            assertEquals(kept.high90Percent(), rebuilt.high90Percent(), 1e-9, n + " duets");
        }
    }

    @Test
    void aKeptCountThatIsNotTheDuetsCountedIsRefused() {
        PairedTest.Result equivalent = SizeMarginTest.duets(1.0, 0.02, 5);
        assertEquals(PairedTest.Word.EQUIVALENT, equivalent.word());
        ObjectNode size = keptSize(8, equivalent).put("duets", 6);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KeptSearch.verdict(size, 5));
        assertTrue(e.getMessage().contains("not rebuilt"), e.getMessage());
    }

    /** A kept search of one pool: schema 1, its knee by the verdict's words. */
    static void keep(Path dir, String profile, ObjectNode... sizes) throws Exception {
        ObjectNode json = Json.object();
        json.put("schema", 1).put("referenceSize", 16).put("equivalenceMarginPercent", 5.0);
        json.set("candidates", Json.MAPPER.valueToTree(List.of(1, 2, 3, 4, 5, 6, 8, 10, 12, 16)));
        ObjectNode pool = json.putArray("pools").addObject().put("profile", profile);
        pool.putObject("prediction").put("predictedSize", 5).put("predictedFrom", "inUseP95");
        ArrayNode array = pool.putArray("sizes");
        for (ObjectNode s : sizes) {
            array.add(s);
        }
        json.put("duets", 14).put("wallMinutes", 14.0).put("stopReason", "kept");
        Json.write(dir.resolve("size.json"), json);
        ObjectNode environment = Json.object();
        environment.putObject("host").put("cores", 2);
        Json.write(dir.resolve("environment.json"), environment);
    }

    @Test
    void aSizeSlowerByLessThanTheMarginBecomesTheKnee(@TempDir Path dir) throws Exception {
        // As tomcat's search at LAN distance ran: 6 "slower" (by about 3 %), 8 equivalent: knee 8 by the words.
        assertEquals(PairedTest.Word.SLOWER, SizeMarginTest.duets(0.969, 0.003, 2).word());
        keep(dir, "tomcat", keptSize(4, SizeMarginTest.duets(0.954, 0.015, 3)),
                keptSize(5, SizeMarginTest.duets(0.964, 0.02, 5)), keptSize(6, SizeMarginTest.duets(0.969, 0.003, 2)),
                keptSize(8, SizeMarginTest.duets(1.006, 0.03, 4)));
        JsonNode pool = KeptSearch.rederive(dir).path("pools").get(0);
        assertEquals("knee", pool.path("result").asText(), pool.toString());
        assertEquals(6, pool.path("kneeSize").asInt());
        assertEquals(5, pool.path("nextSmallerSize").asInt());
        assertEquals("not within", pool.path("nextSmallerShown").asText());
        assertFalse(pool.path("settled").asBoolean(), "5 had 5 of its 8 duets");
        assertEquals(25, pool.path("replicas").path("held").asInt(), "151 / 6");
        assertEquals("disagrees", pool.path("formula").path("check").asText(), "the formula's 4 is below 5, the "
                + "size under the knee: " + pool.path("formula"));
        assertTrue(pool.path("prediction").path("check").asText().startsWith("predicted 5, measured knee 6"),
                pool.toString());
    }

    @Test
    void anOpenSearchStaysOpen(@TempDir Path dir) throws Exception {
        // As hikari's search on PostgreSQL ended: 8 faster than 16, 5 not within, 6 never duetted.
        keep(dir, "hikari", keptSize(4, SizeMarginTest.duets(0.873, 0.03, 3)),
                keptSize(5, SizeMarginTest.duets(0.939, 0.06, 6)), keptSize(8, SizeMarginTest.duets(1.04, 0.02, 4)));
        JsonNode pool = KeptSearch.rederive(dir).path("pools").get(0);
        assertEquals("open", pool.path("result").asText(), pool.toString());
        assertEquals(8, pool.path("knownWithinSize").asInt());
        assertEquals(4, pool.path("knownBeyondSize").asInt());
        assertFalse(pool.has("replicas"));
        assertTrue(pool.path("contradictions").get(0).asText().contains("size 8 is faster"), pool.toString());
    }
}
