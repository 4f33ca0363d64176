package dev.poolbench.bench.compare.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.jvm.AppJfr;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.variant.ThreadMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The runner's side of {@code --threads}/{@code --java}: what the app reads back in
 * {@code /actuator/poolsettings} ({@code threads}, {@code jvm.version}) against what the run asked
 * for. Any difference is a problem of the run (it is then not valid and does not count), like a
 * pool that does not match its requested settings.
 */
public final class ThreadsCheck {

    private ThreadsCheck() {
    }

    /** Problems of the read-back settings against the planned variant; empty when they agree. */
    public static List<String> problems(JsonNode settings, RunVariant variant) {
        List<String> problems = new ArrayList<>();
        if (settings == null) {
            return problems;
        }
        String wanted = variant.threads().label();
        String active = Json.text(settings, "threads.active");
        if (active == null) {
            problems.add("the app does not report its thread mode (poolsettings threads.active); expected " + wanted);
        } else if (!active.equals(wanted)) {
            problems.add("app serves requests on " + active + " threads, expected " + wanted);
        }
        JsonNode seen = Json.at(settings, "threads.requestThread.virtual");
        if (seen != null && seen.isBoolean() && seen.asBoolean() != (variant.threads() == ThreadMode.VIRTUAL)) {
            problems.add("the app's last request ran on a " + (seen.asBoolean() ? "virtual" : "platform")
                    + " thread, expected " + wanted);
        }
        Integer feature = feature(Json.text(settings, "jvm.version"));
        if (feature == null) {
            problems.add("the app does not report its JVM version (poolsettings jvm.version)");
        } else if (feature != variant.feature()) {
            problems.add("app runs on JDK " + feature + ", expected JDK " + variant.feature());
        }
        return problems;
    }

    /** Feature release of a {@code java.version} string: 17.0.15 → 17, 25 → 25, 1.8.0_402 → 8. */
    public static Integer feature(String version) {
        if (version == null || version.isBlank()) {
            return null;
        }
        String[] parts = version.split("[._+-]");
        try {
            return parts[0].equals("1") && parts.length > 1 ? Integer.valueOf(parts[1]) : Integer.valueOf(parts[0]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Adds the variant of the run to its record: {@code threads}, {@code jdk}, {@code appJava},
     * {@code appBuild} and {@code appJar} (with {@code --app-jar}), and
     * the JFR figures ({@link AppJfr}) as {@code jfr} unless null.
     */
    public static void addToRecord(ObjectNode record, RunVariant variant, String runnerJava, ObjectNode jfr) {
        record.put("threads", variant.threads().label());
        record.put("jdk", variant.feature());
        record.put("appJava", variant.java(runnerJava));
        if (variant.app() != null) {
            record.put("appBuild", variant.app().name());
            record.put("appJar", variant.app().jar().toString());
        }
        if (jfr != null) {
            record.set("jfr", jfr);
        }
    }

    /** Part of the run line: {@code | virtual jdk25 app2 redis-pooled pinned 3 (12.0 ms), 2 carriers}. */
    public static String runLinePart(JsonNode record) {
        StringBuilder part = new StringBuilder();
        String threads = Json.text(record, "threads");
        String jdk = Json.text(record, "jdk");
        String app = Json.text(record, "appBuild");
        String session = Json.text(record, "session");
        if (threads != null || jdk != null || session != null) {
            part.append(" | ").append(threads == null ? "" : threads).append(jdk == null ? "" : " jdk" + jdk)
                    .append(app == null ? "" : " " + app).append(session == null ? "" : " " + session);
        }
        double pinned = Json.number(record, "jfr.pinnedEvents");
        if (!Double.isNaN(pinned)) {
            part.append(String.format(Locale.ROOT, " pinned %.0f (%.1f ms), %.0f carriers", pinned,
                    Json.number(record, "jfr.pinnedMillis"), Json.number(record, "jfr.carrierThreads")));
        }
        return part.toString();
    }
}
