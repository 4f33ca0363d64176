package dev.poolbench.bench.compare.poolmetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Redis session store's meters in the pool sampler's scrapes: per run and per second. */
class RedisFiguresTest {

    private static final String POOL = "poolbench_pool_info{pool=\"hikari\",source=\"none\",wrapper=\"off\"} 1.0\n"
            + "poolbench_pool_active{pool=\"hikari\"} 2.0\n";

    private static String redis(int connections, int active, int waiters, int commands, double seconds) {
        String tags = "{factoryType=\"x\",name=\"lettuce\",type=\"GenericObjectPool\"}";
        return POOL + "poolbench_redis_connections " + connections + ".0\n"
                + "poolbench_redis_connections_opened_total 9.0\n"
                + "commons_pool2_num_active_objects" + tags + " " + active + ".0\n"
                + "commons_pool2_num_idle_objects" + tags + " 1.0\n"
                + "commons_pool2_num_waiters_threads" + tags + " " + waiters + ".0\n"
                // Another commons-pool2 pool (DBCP2's, say) is not the session's.
                + "commons_pool2_num_waiters_threads{name=\"dbcp2\",type=\"GenericObjectPool\"} 50.0\n"
                + "lettuce_command_completion_seconds_count{command=\"HGETALL\",local=\"ANY\",remote=\"r\"} "
                + commands / 2 + "\n"
                + "lettuce_command_completion_seconds_count{command=\"HMSET\",local=\"ANY\",remote=\"r\"} "
                + commands / 2 + "\n"
                + "lettuce_command_completion_seconds_sum{command=\"HGETALL\",local=\"ANY\",remote=\"r\"} "
                + seconds / 2 + "\n"
                + "lettuce_command_completion_seconds_sum{command=\"HMSET\",local=\"ANY\",remote=\"r\"} "
                + seconds / 2 + "\n"
                + "lettuce_command_completion_seconds_max{command=\"HMSET\",local=\"ANY\",remote=\"r\"} 9.0\n";
    }

    @Test
    void theRunsRedisFiguresAreDeltasAndPeaks() {
        List<Scrape> scrapes = List.of(Scrape.of(0, redis(2, 1, 0, 100, 0.01), null),
                Scrape.of(1, redis(4, 4, 3, 1100, 0.11), null), Scrape.of(2, redis(4, 2, 0, 2100, 0.31), null));
        RedisFigures figures = RedisFigures.of(scrapes);
        assertEquals(3, figures.samples());
        assertEquals(4, figures.peakConnections());
        assertEquals(4, figures.peakActive());
        assertEquals(3, figures.peakWaiters());
        assertEquals(2000, figures.commands());
        assertEquals(150, figures.meanCommandMicros(), 1e-6);
        ObjectNode json = PoolMetricsSummary.of(scrapes, 0).json();
        assertEquals(2000, json.path("redis").path("commands").asDouble());
        assertEquals(1.0, json.path("redis").path("peakPoolIdle").asDouble());
        String csv = RedisFigures.withColumns(PoolMetricsSeries.csv(PoolMetricsSeries.of(scrapes)), scrapes);
        String[] lines = csv.split("\n");
        assertTrue(lines[0].startsWith(PoolMetricsSeries.HEADER + "," + RedisFigures.CSV_HEADER), lines[0]);
        assertTrue(lines[1].endsWith(",4,4,1,3,1000,100"), lines[1]);
        assertTrue(lines[2].endsWith(",4,2,1,0,1000,200"), lines[2]);
    }

    @Test
    void sharedModeHasNoPoolAndMemoryHasNothing() {
        String shared = POOL + "poolbench_redis_connections 1.0\n"
                + "lettuce_command_completion_seconds_count{command=\"HGETALL\"} 10\n"
                + "lettuce_command_completion_seconds_sum{command=\"HGETALL\"} 0.001\n";
        RedisFigures figures = RedisFigures.of(List.of(Scrape.of(0, shared, null), Scrape.of(1, shared, null)));
        assertEquals(1, figures.peakConnections());
        assertTrue(Double.isNaN(figures.peakActive()));
        assertTrue(PoolMetricsSummary.of(List.of(Scrape.of(0, shared, null)), 0).json().path("redis")
                .path("peakPoolActive").isNull());
        List<Scrape> memory = List.of(Scrape.of(0, POOL, null), Scrape.of(1, POOL, null));
        assertNull(RedisFigures.of(memory));
        assertTrue(PoolMetricsSummary.of(memory, 0).json().path("redis").isMissingNode());
        String csv = PoolMetricsSeries.csv(PoolMetricsSeries.of(memory));
        assertEquals(csv, RedisFigures.withColumns(csv, memory));
    }
}
