package dev.poolbench.bench.compare.variant;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The app's pools as its catalogue lists them (webapp/src/main/resources/pools.json, copied onto
 * this module's classpath by its build: the runner does not depend on the webapp's build), in the
 * app's order, the reference first and the no-pool baseline last.
 *
 * @param names    every pool's profile name
 * @param defaults the pools that run without {@code --profiles}
 */
public record Pools(List<String> names, List<String> defaults) {

    static final String CATALOGUE = "/pools.json";

    /** The catalogue on the classpath. */
    public static Pools catalogue() {
        try (InputStream in = Pools.class.getResourceAsStream(CATALOGUE)) {
            if (in == null) {
                throw new IllegalStateException(CATALOGUE + " (the app's pool catalogue) is missing from the runner's "
                        + "jar: build it with ./mvnw");
            }
            return of(Json.MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names and default pools of a catalogue's {@code pools} array. */
    public static Pools of(JsonNode catalogue) {
        List<String> names = new ArrayList<>();
        List<String> defaults = new ArrayList<>();
        for (JsonNode pool : catalogue.path("pools")) {
            names.add(pool.path("name").asText());
            if (pool.path("default").asBoolean()) {
                defaults.add(pool.path("name").asText());
            }
        }
        if (names.isEmpty() || defaults.isEmpty()) {
            throw new IllegalStateException(CATALOGUE + " lists no pools, or none that runs by default");
        }
        return new Pools(List.copyOf(names), List.copyOf(defaults));
    }
}
