package dev.poolbench.bench.load;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options {@code run} and {@code merge} share: where the app is, where the record goes. Each
 * default can be set as a system property ({@code -Dpoolbench.baseUrl=...}); the flag wins.
 */
public class CommonOptions {

    @Option(names = "--base-url", paramLabel = "URL", description = "the app, http:// (default: ${DEFAULT-VALUE})")
    public String baseUrl = prop("baseUrl", "http://127.0.0.1:8080");

    @Option(names = "--out", paramLabel = "DIR", description = "output directory: result.json, Gatling's "
            + "files (default: ${DEFAULT-VALUE})")
    public Path outDir = Path.of(prop("out", "bench-result"));

    @Option(names = "--label", paramLabel = "TEXT", description = "label written to result.json and Gatling's "
            + "run description (default: none)")
    public String label = prop("label", "");

    /** fallbackValue: the flag means "quiet" even when -Dpoolbench.quiet=true made it the default. */
    @Option(names = "--quiet", arity = "0", fallbackValue = "true", description = "print only the summary "
            + "lines, no progress (default: off)")
    public boolean quiet = Boolean.parseBoolean(prop("quiet", "false"));

    public String userAgent = prop("userAgent", "poolbench-bench/0.1 (ISUCON4 compatible)");
    public int reportTimeoutMillis = intProp("reportTimeoutMillis", 60_000);

    static String prop(String name, String def) {
        return System.getProperty("poolbench." + name, def);
    }

    static int intProp(String name, int def) {
        String v = System.getProperty("poolbench." + name);
        if (v == null) {
            return def;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("poolbench." + name + " must be an integer, got '" + v + "'");
        }
    }

    /** Refuses a base URL that cannot work; drops a trailing slash. */
    public void validate() {
        if (!baseUrl.startsWith("http://")) {
            throw new IllegalArgumentException("--base-url must start with http://, got '" + baseUrl + "'");
        }
        while (baseUrl.endsWith("/")) {
            baseUrl = baseUrl.substring(0, baseUrl.length() - 1);
        }
    }
}
