package dev.poolbench.bench.redis;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The files of a run: {@code cells.json} (what was measured, with the environment), and what is
 * drawn from it: {@code redis.txt}, {@code redis.md}, one chart per thread mode. {@link #replot}
 * draws them again from a stored {@code cells.json}, so a table or chart can change without
 * measuring again (a full run takes half an hour).
 */
final class LoopOutput {

    static final String CELLS = "cells.json";

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private LoopOutput() {
    }

    /** Writes every file of a measured run into {@code dir}; prints the table and what was written. */
    static void write(Path dir, List<CellResult> cells, Map<String, Object> environment, PrintStream out)
            throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("schema", 1);
        json.put("environment", environment);
        json.put("cells", cells);
        JSON.writeValue(dir.resolve(CELLS).toFile(), json);
        draw(dir, cells, environment, out);
    }

    /** Draws the tables and charts of {@code dir} again from its {@code cells.json}. */
    static int replot(Path dir, PrintStream out) throws IOException {
        Path file = dir.resolve(CELLS);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--replot: no " + CELLS + " in " + dir
                    + " (give the redis/ directory of a run, e.g. results/<stamp>/redis)");
        }
        JsonNode root = JSON.readTree(file.toFile());
        Map<String, Object> environment = JSON.convertValue(root.path("environment"), new TypeReference<>() { });
        List<CellResult> cells = new ArrayList<>(JSON.convertValue(root.path("cells"), new TypeReference<List<CellResult>>() { }));
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("--replot: " + file + " has no cells");
        }
        draw(dir, cells, environment, out);
        return 0;
    }

    private static void draw(Path dir, List<CellResult> cells, Map<String, Object> environment, PrintStream out)
            throws IOException {
        String subtitle = String.format(Locale.ROOT, "%s SETs per thread, JDK %s, Redis %s",
                environment.get("setsPerThread"), javaFeature(environment.get("java")), environment.get("redisVersion"));
        String table = LoopTable.text(cells, subtitle);
        Files.writeString(dir.resolve("redis.txt"), table);
        Files.writeString(dir.resolve("redis.md"), LoopTable.markdown(cells, subtitle));
        List<Path> charts = LoopChart.write(cells, dir, subtitle);
        out.println();
        out.print(table);
        out.println("written: " + dir.resolve("redis.txt") + ", redis.md, " + CELLS
                + (charts.isEmpty() ? "" : ", " + charts.stream().map(p -> p.getFileName().toString()).toList()));
    }

    /** {@code 25} of {@code 25.0.3+9-LTS}; the text itself when it is no version. */
    private static String javaFeature(Object version) {
        try {
            return String.valueOf(Runtime.Version.parse(String.valueOf(version)).feature());
        } catch (IllegalArgumentException e) {
            return String.valueOf(version);
        }
    }
}
