package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.Pools;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The runner's pools are the app's catalogue, copied onto its classpath by the build: the copy
 * must be the webapp's file as it is now (the webapp's PoolCatalogueTest checks the file against
 * the app's classes and properties).
 */
class ProfilesTest {

    private static final Path CATALOGUE = Path.of("../../webapp/src/main/resources/pools.json");

    @Test
    void theProfilesAreTheAppsCatalogueInItsOrder() throws IOException {
        Pools webapp = Pools.of(Json.read(CATALOGUE));
        assertEquals(webapp.names(), Profiles.ALL);
        assertEquals(webapp.defaults(), Profiles.DEFAULT);
        assertEquals("hikari", Profiles.ALL.get(0), "the reference first");
    }

    @Test
    void theDefaultPoolsArePoolsAndAllExpandsInPlace() {
        assertTrue(Profiles.ALL.containsAll(Profiles.DEFAULT));
        assertEquals(List.of("x", "hikari"), Profiles.expand(" X ,all").subList(0, 2));
        List<String> expanded = Profiles.expand("x,all,");
        assertEquals(List.of("x", ""), List.of(expanded.get(0), expanded.get(expanded.size() - 1)));
        assertEquals(Profiles.ALL.size() + 2, expanded.size());
    }
}
