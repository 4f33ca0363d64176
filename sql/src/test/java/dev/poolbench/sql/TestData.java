package dev.poolbench.sql;

import java.nio.file.Path;

/** The seed-42 data set, generated once per test JVM into target/. */
final class TestData {
    private static DataGenerator.Result generated;

    private TestData() {
    }

    static synchronized DataGenerator.Result seed42() {
        if (generated == null) {
            generated = DataGenerator.generate(DataGenerator.DEFAULT_SEED, Path.of("target", "test-data", "seed42"));
        }
        return generated;
    }
}
