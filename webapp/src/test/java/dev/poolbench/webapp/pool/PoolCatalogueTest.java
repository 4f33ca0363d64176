package dev.poolbench.webapp.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The pool catalogue (pools.json) and the code stay in step: every entry has its class, its
 * properties and its release, and every descriptor and profile properties file has its entry. What
 * the runner, docs/render and the Ansible role know of the pools comes from the catalogue alone.
 */
class PoolCatalogueTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/poolbench/webapp/pool");
    private static final Path RESOURCES = Path.of("src/main/resources");
    private static final Path ROOT_POM = Path.of("../pom.xml");

    @Test
    void everyEntryHasItsDescriptorPropertiesAndRelease() throws IOException {
        String pom = Files.readString(ROOT_POM);
        String recommended = Files.readString(RESOURCES.resolve("pool-recommended.properties"));
        for (String profile : PoolProfiles.ALL) {
            PoolDescriptor<?> descriptor = PoolProfiles.descriptor(profile);
            assertThat(RESOURCES.resolve("application-" + profile + ".properties")).as(profile).isRegularFile();
            if (descriptor.keepsConnections()) {
                assertThat(pom).as("the root pom's release of " + profile).contains("<pool." + profile + ".version>");
                assertThat(recommended).as("pool-recommended.properties of " + profile)
                        .contains("poolbench.recommended.pool." + profile + ".");
            }
        }
    }

    @Test
    void everyDescriptorAndProfileFileIsInTheCatalogue() throws IOException {
        List<String> named = entries().stream().map(e -> e.path("descriptor").asString("")).toList();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.sorted().toList()) {
                if (Files.readString(file).contains(" extends PoolDescriptor<")) {
                    assertThat(named).as("pools.json names " + file.getFileName())
                            .contains(file.getFileName().toString().replace(".java", ""));
                }
            }
        }
        Pattern profileFile = Pattern.compile("application-([a-z0-9]+)\\.properties");
        try (Stream<Path> files = Files.list(RESOURCES)) {
            List<String> profiles = files.map(f -> profileFile.matcher(f.getFileName().toString()))
                    .filter(m -> m.matches()).map(m -> m.group(1)).sorted().toList();
            assertThat(profiles).containsExactlyInAnyOrderElementsOf(PoolProfiles.ALL);
        }
    }

    @Test
    void everyEntrySaysHowTheDocsNameItAndWhetherItRunsByDefault() {
        List<String> defaults = new ArrayList<>();
        for (JsonNode entry : entries()) {
            String name = entry.path("name").asString("");
            assertThat(entry.path("label").asString("")).as(name).startsWith(name);
            assertThat(entry.path("default").isBoolean()).as(name + " default").isTrue();
            if (entry.path("default").asBoolean()) {
                defaults.add(name);
            }
        }
        assertThat(defaults).as("the reference, hikari, runs first and by default").startsWith("hikari");
        assertThat(PoolProfiles.ALL).startsWith("hikari");
    }

    private static List<JsonNode> entries() {
        JsonNode pools = PoolProfiles.catalogue();
        List<JsonNode> list = new ArrayList<>();
        for (int i = 0; i < pools.size(); i++) {
            list.add(pools.get(i));
        }
        return list;
    }
}
