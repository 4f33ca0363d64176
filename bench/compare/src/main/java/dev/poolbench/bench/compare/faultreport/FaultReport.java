package dev.poolbench.bench.compare.faultreport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.util.ReleasesByKey;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The end of every fault command, local or from fetched runs: {@code faults.txt} (also
 * printed), {@code faults.json}, {@code faults-<scenario>.png}, {@code report.html}, then {@link FaultChecks} for the
 * exit status. Also the two small files that let a results directory be summarized again:
 * {@value #OPTIONS} and {@value #ENVIRONMENT}.
 */
public final class FaultReport {

    public static final String OPTIONS = "options.json";
    public static final String ENVIRONMENT = "environment.json";

    private FaultReport() {
    }

    /** @return 0, or 1 when a run failed or (with {@code --check}) a check did not hold */
    public static int write(Path dir, List<FaultOutcome> outcomes, FaultOptions options, Map<String, String> environment,
                     PrintStream out, PrintStream err) throws IOException {
        String table = FaultTable.text(outcomes, options);
        Files.writeString(dir.resolve("faults.txt"), table, StandardCharsets.UTF_8);
        Json.write(dir.resolve("faults.json"), FaultTable.json(outcomes, options, environment));
        for (Scenario scenario : options.scenarios) {
            try {
                FaultChart.write(scenario, outcomes, options.durationSeconds,
                        dir.resolve("faults-" + scenario.cliName() + ".png"));
            } catch (IOException | RuntimeException e) {
                out.println("poolbench faults: cannot draw the " + scenario.cliName() + " picture: " + e);
            }
        }
        List<String> failures = FaultChecks.failures(outcomes, options);
        try {
            FaultsHtml.write(dir, outcomes, options, environment, failures);
        } catch (IOException | RuntimeException e) {
            out.println("poolbench faults: cannot write report.html: " + e);
        }
        out.println();
        out.print(table);
        out.println("Pictures: " + dir.resolve("faults-<scenario>.png") + "; per run: " + dir.resolve("runs")
                + "; all on one page: " + dir.resolve("report.html"));
        if (failures.isEmpty()) {
            if (options.check) {
                out.println("checks: every measurement taken and consistent");
            }
            return 0;
        }
        for (String f : failures) {
            err.println("poolbench faults: " + f);
        }
        return 1;
    }

    /** {@value #ENVIRONMENT} as a flat map (values that are not text are written as JSON). */
    public static Map<String, String> readEnvironment(Path dir) throws IOException {
        Map<String, String> environment = new LinkedHashMap<>();
        Path file = dir.resolve(ENVIRONMENT);
        if (Files.isRegularFile(file)) {
            JsonNode node = Json.read(file);
            node.fields().forEachRemaining(e -> environment.put(e.getKey(),
                    e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
        }
        return environment;
    }

    public static void writeEnvironment(Path dir, Map<String, String> environment) throws IOException {
        var node = Json.object();
        environment.forEach(node::put);
        node.set("releases", releases(dir.resolve("runs")));
        Json.write(dir.resolve(ENVIRONMENT), node);
    }

    /**
     * Adds {@code releases} to an {@value #ENVIRONMENT} that has none (faults.yml's, written by Ansible from the
     * hosts' facts): a fault run kept from the fleet names what it measured as a local one does. Nothing when
     * there is no such file or no run reported releases.
     */
    public static void addReleasesToEnvironment(Path dir) throws IOException {
        Path file = dir.resolve(ENVIRONMENT);
        if (!Files.isRegularFile(file) || Json.read(file).has("releases")) {
            return;
        }
        ObjectNode releases = releases(dir.resolve("runs"));
        if (!releases.isEmpty()) {
            ObjectNode node = (ObjectNode) Json.read(file);
            node.set("releases", releases);
            Json.write(file, node);
        }
    }

    /**
     * The pool and driver releases each run's app reported (its {@code poolsettings.json}, read from the jars it
     * loaded), by profile as compare's environment.json has them: a kept fault run names what it measured.
     */
    static ObjectNode releases(Path runs) throws IOException {
        ReleasesByKey releases = new ReleasesByKey();
        if (!Files.isDirectory(runs)) {
            return releases.json();
        }
        try (Stream<Path> list = Files.list(runs)) {
            for (Path run : list.sorted().toList()) {
                Path settings = run.resolve("poolsettings.json");
                Path record = run.resolve("fault-run.json");
                if (Files.isRegularFile(settings) && Files.isRegularFile(record)) {
                    releases.add(Json.text(Json.read(record), "profile"), Json.read(settings).path("releases"));
                }
            }
        }
        return releases.json();
    }
}
