package dev.poolbench.bench.compare.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.Fixtures;
import dev.poolbench.bench.compare.plan.CompareOptions;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.report.Summary;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DbDistanceTest {

    private static String error(String... args) {
        return assertThrows(UsageException.class, () -> CompareOptions.parse(args)).getMessage();
    }

    @Test
    void defaultIsOneValueWithoutProxy() throws Exception {
        CompareOptions o = CompareOptions.parse();
        assertEquals(DbDistance.DEFAULT, o.dbDistance);
        assertEquals(DbDistance.LOOPBACK, DbDistance.DEFAULT);
        assertFalse(o.dbDistance.proxied());
    }

    @Test
    void presets() throws Exception {
        DbDistance lan = CompareOptions.parse("--db-distance", "lan").dbDistance;
        assertEquals(new DbDistance("lan", true, 0, 0, 0), lan);
        assertEquals("lan: proxy hop only", lan.label());
        DbDistance cloud = CompareOptions.parse("--db-distance", "CLOUD").dbDistance;
        assertEquals(500, cloud.averageMicros());
        // Toxiproxy draws whole ms from L-J to L+J-1: latency 1, jitter 1 gives 0 or 1 ms.
        assertEquals(1, cloud.toxicLatencyMillis());
        assertEquals(1, cloud.toxicJitterMillis());
        assertEquals("cloud: 0.5 ms average per round trip (each reply waits 0 or 1 ms)", cloud.label());
        assertFalse(CompareOptions.parse("--db-distance", "loopback").dbDistance.proxied());
    }

    @Test
    void latencyWithUnitsAndJitter() throws Exception {
        assertEquals(new DbDistance("custom", true, 1_000, 0, 0),
                CompareOptions.parse("--db-latency", "1ms").dbDistance);
        DbDistance jittered = CompareOptions.parse("--db-latency=2.5ms:2000us").dbDistance;
        assertEquals(new DbDistance("custom", true, 2_500, 2_000, 0), jittered);
        assertEquals(3, jittered.toxicLatencyMillis());
        assertEquals("custom: 2.5 ms average per round trip (each reply waits 1 to 4 ms)", jittered.label());
        DbDistance half = CompareOptions.parse("--db-latency", "0.5ms").dbDistance;
        assertEquals(new DbDistance("custom", true, 500, 1_000, 0), half);
        assertEquals(0, CompareOptions.parse("--db-latency", "2ms").dbDistance.toxicJitterMillis());
        assertEquals(2_000, CompareOptions.parse("--db-latency", "0.002s").dbDistance.latencyMicros());
        DbDistance hop = CompareOptions.parse("--db-latency", "0ms").dbDistance;
        assertTrue(hop.proxied());
        assertEquals("custom: proxy hop only", hop.label());
    }

    @Test
    void bandwidthUnitsAreDecimal() throws Exception {
        assertEquals(12_500, CompareOptions.parse("--db-bandwidth", "100mbit").dbDistance.bandwidthKbPerSecond());
        assertEquals(10_000, CompareOptions.parse("--db-bandwidth", "10MB/s").dbDistance.bandwidthKbPerSecond());
        assertEquals(125_000, CompareOptions.parse("--db-bandwidth", "1gbit").dbDistance.bandwidthKbPerSecond());
        DbDistance both = CompareOptions.parse("--db-distance", "lan", "--db-bandwidth", "1gbit").dbDistance;
        assertEquals("lan", both.name());
        assertEquals(0, both.latencyMicros());
        assertEquals(125_000, both.bandwidthKbPerSecond());
        assertEquals(0, CompareOptions.parse("--db-bandwidth", "1mbit").dbDistance.latencyMicros());
    }

    @Test
    void badValuesAreClearErrors() {
        assertEquals("--db-latency must not be negative, got '-1ms'", error("--db-latency", "-1ms"));
        assertTrue(error("--db-latency", "abc").contains("must be MEAN[:JITTER] with units us, ms or s"));
        assertTrue(error("--db-latency", "5").contains("with units"));
        assertTrue(error("--db-latency", "1.5ms:3ms").contains("jitter must not exceed the mean"));
        assertTrue(error("--db-latency", "2ms:1ms").contains("ask for 2.5ms:1ms or 2ms without jitter"));
        assertTrue(error("--db-latency", "1:2:3ms").contains("MEAN[:JITTER]"));
        String subMs = error("--db-latency", "0.1ms");
        assertTrue(subMs.contains("steps of 0.5 ms"), subMs);
        assertTrue(error("--db-latency", "250us").contains("steps of 0.5 ms"));
        assertTrue(error("--db-latency", "1ms:0.2ms").contains("whole milliseconds"));
        assertTrue(error("--db-latency", "11s").contains("not a sensible"));
        assertEquals("give either --db-distance or --db-latency, not both (a preset is a latency)",
                error("--db-distance", "lan", "--db-latency", "1ms"));
        assertTrue(error("--db-distance", "moon").contains("loopback, lan, cloud, got 'moon'"));
        assertTrue(error("--db-bandwidth", "fast").contains("100mbit"));
        assertTrue(error("--db-bandwidth", "1kbit").contains("below 1 KB/s"));
        assertTrue(error("--db-distance", "loopback", "--db-bandwidth", "1gbit").contains("needs a proxy"));
    }

    @Test
    void remoteModeRefusesDistanceAndSaysWhy() throws Exception {
        String e = error("--app-url", "http://10.0.0.2:8080", "--reset-command", "true", "--db-latency", "1ms");
        assertTrue(e.startsWith("--db-latency is for local mode"), e);
        assertTrue(e.contains("poolbench_db_latency"), e);
        assertNull(CompareOptions.parse("--app-url", "http://10.0.0.2:8080", "--reset-command", "true").dbDistance);
    }

    @Test
    void recordedInRunsAndSummarized() {
        DbDistance lan = DbDistance.PRESETS.get("cloud");
        ObjectNode a = Fixtures.record("hikari", 1, 1000, true, true);
        DbDistanceRecord.addToRun(a, lan, 1.0);
        ObjectNode b = Fixtures.record("hikari", 2, 1010, true, true);
        DbDistanceRecord.addToRun(b, lan, 2.0);
        assertEquals(1.0, a.path("proxy").path("cpuSeconds").asDouble());
        assertEquals(500, a.path("dbDistance").path("latencyMicros").asLong());
        assertEquals(" | proxy cpu 1.00 s", DbDistanceRecord.runLinePart(a));

        Summary s = Summary.of(List.of(RunRecord.of(a), RunRecord.of(b)), Json.object());
        assertTrue(s.settingsLine().endsWith(", db distance cloud: 0.5 ms average per round trip (each reply waits 0 or 1 ms)"), s.settingsLine());
        assertTrue(s.text().contains("Toxiproxy CPU per measured run: mean 1.50 s, max 2.00 s "
                + "(3 % of one core on average)"), s.text());
        assertEquals(1.5, s.json().path("meanProxyCpuSeconds").asDouble());
    }

    @Test
    void loopbackRunsShowNoProxy() {
        ObjectNode a = Fixtures.record("hikari", 1, 1000, true, true);
        DbDistanceRecord.addToRun(a, DbDistance.LOOPBACK, Double.NaN);
        assertFalse(a.has("proxy"));
        assertEquals("", DbDistanceRecord.runLinePart(a));
        Summary s = Summary.of(List.of(RunRecord.of(a)), Json.object());
        assertFalse(s.text().contains("Toxiproxy CPU"));
        assertTrue(s.settingsLine().endsWith("db distance loopback (no proxy)"));
    }
}
