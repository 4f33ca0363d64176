package dev.poolbench.bench.compare.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class ReleasesByKeyTest {

    private static JsonNode reported(String pool, String driver) throws Exception {
        return Json.MAPPER.readTree("{\"pool\": \"" + pool + "\", \"driver\": \"" + driver + "\", \"jdk\": \"17\"}");
    }

    @Test
    void eachKeyNamesItsPoolAndDriverOnceInTheOrderFirstSeen() throws Exception {
        ReleasesByKey releases = new ReleasesByKey();
        releases.add("tomcat", reported("tomcat-jdbc 11.0.14", "mysql-connector-j 9.5.0"));
        releases.add("hikari", reported("HikariCP 7.0.2", "mysql-connector-j 9.5.0"));
        releases.add("tomcat", reported("tomcat-jdbc 11.0.14", "mysql-connector-j 9.5.0"));

        assertEquals("{\"tomcat\":{\"pool\":\"tomcat-jdbc 11.0.14\",\"driver\":\"mysql-connector-j 9.5.0\"},"
                + "\"hikari\":{\"pool\":\"HikariCP 7.0.2\",\"driver\":\"mysql-connector-j 9.5.0\"}}",
                releases.json().toString());
    }

    @Test
    void anAppSwappedBetweenRunsShowsBothReleasesNotTheFirst() throws Exception {
        ReleasesByKey releases = new ReleasesByKey();
        releases.add("hikari", reported("HikariCP 6.3.0", "mysql-connector-j 9.5.0"));
        releases.add("hikari", reported("HikariCP 7.0.2", "mysql-connector-j 9.5.0"));

        assertEquals("HikariCP 6.3.0 | HikariCP 7.0.2", releases.json().path("hikari").path("pool").asText());
        assertEquals("mysql-connector-j 9.5.0", releases.json().path("hikari").path("driver").asText());
    }

    @Test
    void aRunThatReportedNothingOrHasNoKeyAddsNothing() throws Exception {
        ReleasesByKey releases = new ReleasesByKey();
        releases.add("hikari", Json.MAPPER.missingNode());
        releases.add(null, reported("HikariCP 7.0.2", "mysql-connector-j 9.5.0"));

        assertEquals("{}", releases.json().toString());
    }
}
