package dev.poolbench.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The runner's packages import one way (docs/architecture.md, "The runner's packages"): each
 * package may use only packages of a lower layer, so there is no upward import and no cycle.
 * Read from the compiled classes by the JDK's own {@code jdeps}, so an import hidden in a fully
 * qualified name or a lambda counts too.
 */
class PackageLayersTest {

    private static final String ROOT = "dev.poolbench.bench.compare";

    /** Layer of each package, top first; a package may use only packages of a smaller layer. */
    static final Map<String, Integer> LAYERS = Map.ofEntries(
            Map.entry("", 13),           // CompareMain: the commands
            Map.entry("faults", 11),     // the fault commands and their local runs, beside the comparison
            Map.entry("sittings", 12),   // across sittings: pooled estimates, their table and chart
            Map.entry("report", 11),     // rendering: summary table, JSON, charts, report.html
            Map.entry("size", 10),       // how big: the size search, its prediction and formula
            Map.entry("verdict", 9),     // paired verdicts, their words and stop rules
            Map.entry("run", 8),         // one comparison: sites, windows, measured runs
            Map.entry("faultreport", 8), // a fault command's table, pictures, report.html and checks
            Map.entry("outcomes", 7),    // what a run produced, duet records, re-runs
            Map.entry("faultfigures", 7), // a fault run's figures from its files (record, pool CSV)
            Map.entry("launch", 6),      // the app and load JVMs, their lanes, progress, read-back checks
            Map.entry("faultlogs", 6),   // a fault run's per-second logs (logins, progress)
            Map.entry("faultplan", 6),   // fault scenarios and their actions, pool settings, planned runs, options
            Map.entry("plan", 5),        // options, variants, the run plan, the run record
            Map.entry("variant", 4),     // what varies in the app: thread mode, build, session store, plant
            Map.entry("jvm", 4),         // measurement tools: JDKs, class-data sharing, JFR
            Map.entry("machine", 4),     // measurement tools: /proc, sentinel, CPU placement, host
            Map.entry("db", 4),          // measurement tools: local database, distance, reset
            Map.entry("monitoring", 4),  // measurement tools: Prometheus and its exporters (--prometheus)
            Map.entry("redis", 4),       // measurement tools: the redis-server of --session
            Map.entry("poolmetrics", 3), // the pool sampler and its figures
            Map.entry("proxy", 3),       // Toxiproxy
            Map.entry("stats", 2),       // statistics
            Map.entry("util", 1));       // JSON, ports, durations, usage errors

    @Test
    void everyImportGoesDownALayer() throws Exception {
        List<String> upward = new ArrayList<>();
        TreeSet<String> unknown = new TreeSet<>();
        for (String[] edge : classEdges()) {
            String from = packageOf(edge[0]);
            String to = packageOf(edge[1]);
            if (from.equals(to)) {
                continue;
            }
            Integer fromLayer = LAYERS.get(from);
            Integer toLayer = LAYERS.get(to);
            if (fromLayer == null || toLayer == null) {
                unknown.add(fromLayer == null ? from : to);
                continue;
            }
            if (fromLayer <= toLayer) {
                upward.add(edge[0] + " -> " + edge[1] + " (layer " + fromLayer + " -> " + toLayer + ")");
            }
        }
        assertTrue(unknown.isEmpty(), "packages without a layer in PackageLayersTest.LAYERS: " + unknown);
        assertEquals(List.of(), upward, "imports that go up or sideways a layer");
    }

    @Test
    void noSourceImportGoesUp() throws Exception {
        // The class files miss an import that only a javadoc link needs; a reader does not.
        Path sources = Path.of("src", "main", "java", "dev", "poolbench", "bench", "compare");
        Pattern imported = Pattern.compile("^import " + Pattern.quote(ROOT) + "\\.(?:(\\w+)\\.)?([A-Z]\\w*)",
                Pattern.MULTILINE);
        List<String> upward = new ArrayList<>();
        try (var files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path dir = sources.relativize(file.getParent());
                String from = dir.getNameCount() == 0 || dir.toString().isEmpty() ? "" : dir.getName(0).toString();
                Matcher m = imported.matcher(Files.readString(file));
                while (m.find()) {
                    String to = m.group(1) == null ? "" : m.group(1);
                    if (!to.equals(from) && LAYERS.getOrDefault(from, 0) <= LAYERS.getOrDefault(to, 0)) {
                        upward.add(sources.relativize(file) + " imports " + to + "." + m.group(2));
                    }
                }
            }
        }
        assertEquals(List.of(), upward, "source imports that go up or sideways a layer");
    }

    @Test
    void theScanSeesTheRunnersClasses() throws Exception {
        // Guards the test above against a jdeps output it cannot read (it would then pass on nothing).
        List<String[]> edges = classEdges();
        assertTrue(edges.stream().anyMatch(e -> e[0].equals(ROOT + ".run.Comparison")
                        && e[1].equals(ROOT + ".plan.CompareOptions")),
                "jdeps did not report Comparison -> CompareOptions; edges seen: " + edges.size());
    }

    private static String packageOf(String className) {
        String pkg = className.substring(0, className.lastIndexOf('.'));
        return pkg.equals(ROOT) ? "" : pkg.substring(ROOT.length() + 1).split("\\.")[0];
    }

    /** Class-level dependencies among the runner's own classes, from the compiled main classes. */
    private static List<String[]> classEdges() throws Exception {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("dev/poolbench/bench/compare")), "no compiled classes in " + classes.toAbsolutePath());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() ->
                new IllegalStateException("jdeps is not in this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(err), "-verbose:class", "-filter:none",
                "-include", Pattern.quote(ROOT) + "\\..*", classes.toString());
        assertEquals(0, status, "jdeps failed: " + err);
        Pattern line = Pattern.compile("^\\s+(" + Pattern.quote(ROOT) + "\\S*)\\s+->\\s+(" + Pattern.quote(ROOT) + "\\S*)\\s");
        List<String[]> edges = new ArrayList<>();
        for (String l : out.toString().split("\n")) {
            Matcher m = line.matcher(l + " ");
            if (m.find()) {
                edges.add(new String[] {outer(m.group(1)), outer(m.group(2))});
            }
        }
        return edges;
    }

    private static String outer(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }
}
