package dev.poolbench.bench.compare.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.bench.compare.util.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** HikariCP's formula beside a measured knee: each code of {@link SizingFormula#check}. */
class SizingFormulaTest {

    private static SizingFormula cores(int cores) {
        var env = Json.object();
        env.putObject("host").put("cores", cores);
        return SizingFormula.of(env);
    }

    @Test
    void theFormulaOfTheAppsHost() {
        assertEquals(4, cores(2).size());
        assertTrue(cores(2).line().startsWith("HikariCP's formula (cores x 2) + effective spindles = (2 x 2) + 0 = 4"));
        assertNull(SizingFormula.of(Json.object()), "cores unknown: no formula");
        assertTrue(cores(2).line().contains("(2 cores on this machine, shared by the app and the database;"));
    }

    @Test
    void onHostsTheDatabaseHostsCoresAsGivenElseNone() throws Exception {
        var remote = Json.MAPPER.readTree("{\"host\":{\"cores\":8},\"options\":{\"mode\":\"remote\"}}");
        assertNull(SizingFormula.of(remote), "the bench host's cores are not the database's");
        var given = Json.MAPPER.readTree("{\"host\":{\"cores\":8},\"options\":{\"mode\":\"remote\","
                + "\"sizeSearch\":{\"dbCores\":4}}}");
        SizingFormula formula = SizingFormula.of(given);
        assertEquals(8, formula.size());
        assertTrue(formula.line().contains("(4 cores on the database host (--db-cores);"), formula.line());
        assertEquals("--db-cores", formula.json().path("coresFrom").asText());
    }

    @Test
    void itAgreesOnTheKneeOrBetweenItsNeighboursElseNot() {
        List<Integer> sizes = List.of(2, 4, 8, 16);
        assertEquals("agrees", cores(2).check(sizes, 4).code());
        assertEquals("agrees-within-step", cores(3).check(sizes, 4).code(), "6 lies between 4's neighbours 2 and 8");
        assertEquals("beyond-sweep", cores(16).check(sizes, 16).code(), "32 is above the largest size, the knee");
        assertEquals("disagrees", cores(2).check(sizes, 8).code(), "4 is at or below 4, the size under the knee 8");
        assertEquals("no-knee", cores(2).check(sizes, null).code());
    }
}
