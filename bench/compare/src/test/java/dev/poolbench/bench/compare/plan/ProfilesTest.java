package dev.poolbench.bench.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The bench cannot depend on the webapp's build, so its profile list is a copy: this test reads
 * the webapp's own registry (PoolProfiles.java) and Ansible's list, and fails when they differ.
 */
class ProfilesTest {

    private static final Path WEBAPP = Path.of("../../webapp/src/main");

    @Test
    void sameProfilesInTheSameOrderAsTheWebappRegistry() throws IOException {
        String registry = Files.readString(WEBAPP.resolve("java/dev/poolbench/webapp/pool/PoolProfiles.java"));
        Matcher m = Pattern.compile("map\\.put\\(\"([a-z0-9]+)\",").matcher(registry);
        List<String> webapp = Stream.iterate(m.find(), found -> found, found -> m.find()).map(found -> m.group(1))
                .toList();
        assertEquals(Profiles.ALL, webapp);
        for (String profile : Profiles.ALL) {
            assertTrue(Files.exists(WEBAPP.resolve("resources/application-" + profile + ".properties")), profile);
        }
    }

    @Test
    void ansibleKnowsTheSameProfiles() throws IOException {
        String vars = Files.readString(Path.of("../../ansible/roles/poolbench_app/vars/main.yml"));
        assertTrue(vars.contains("poolbench_app_known_profiles: [" + String.join(", ", Profiles.ALL) + "]"), vars);
    }

    @Test
    void theDefaultFiveAreProfilesAndAllExpandsInPlace() {
        assertTrue(Profiles.ALL.containsAll(Profiles.DEFAULT));
        assertEquals(List.of("x", "hikari"), Profiles.expand(" X ,all").subList(0, 2));
        assertEquals(List.of("x", ""), List.of(Profiles.expand("x,all,").get(0), Profiles.expand("x,all,").get(10)));
        assertEquals(Profiles.ALL.size() + 2, Profiles.expand("x,all,").size());
    }
}
