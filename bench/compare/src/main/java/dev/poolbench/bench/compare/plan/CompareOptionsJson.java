package dev.poolbench.bench.compare.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.poolbench.bench.compare.jvm.JdkHome;
import dev.poolbench.bench.compare.util.Json;
import java.util.List;

/**
 * The options of {@code compare} as recorded in environment.json ({@link CompareOptions#toJson}).
 * Apart from CompareOptions, which must hold every option as a field for picocli, so that class
 * stays the list of options and their rules. The keys and their order are the file's format;
 * the password is never written.
 */
final class CompareOptionsJson {

    private CompareOptionsJson() {
    }

    static ObjectNode of(CompareOptions o) {
        ObjectNode n = Json.object();
        n.put("mode", o.remote() ? "remote" : "local");
        var p = n.putArray("profiles");
        o.profiles.forEach(p::add);
        n.put("runs", o.runs);
        n.put("durationSeconds", o.durationSeconds);
        n.put("warmupSeconds", o.warmupSeconds);
        if (o.workload == null) {
            n.putNull("workload");
        } else {
            n.put("workload", o.workload);
        }
        var s = n.putArray("poolSizes");
        o.poolSizes.forEach(s::add);
        n.put("poolMode", o.poolMode);
        n.put("schema", o.schema);
        // Remote mode: the server the app there uses (Ansible's poolbench_database), checked per run.
        n.put("database", o.database);
        n.put("order", o.order);
        n.put("duet", o.duet);
        n.put("lanes", o.lanePlacement.cliName());
        n.put("jvmOptions", o.jvmOptions.toString());
        n.put("heap", o.heap);
        n.put("gc", o.gc);
        n.put("seed", o.seed);
        n.put("results", o.results.toString());
        n.put("dbPort", o.dbPort);
        n.put("dbDistance", o.remote() ? null : o.dbDistance.name());
        n.put("quick", o.quick);
        putVariants(o, n);
        n.put("appJfr", o.appJfr());
        VerdictOptions.toJson(o, n);
        n.set("disturbanceThresholds", o.disturbanceThresholds.json());
        n.put("rerunDisturbed", o.rerunDisturbed);
        n.set("cpus", o.cpus == null ? null : o.cpus.json());
        n.put("gatlingReport", o.gatlingReport);
        n.put("cds", o.cds);
        if (o.prometheus) {
            // Only when on: the keys of a comparison without it stay as they were.
            n.put("prometheus", true);
        }
        if (o.remote()) {
            n.put("appUrl", o.appUrl.toString());
            n.put("managementUrl", o.managementUrl.toString());
            n.put("resetCommand", o.resetCommand);
            n.put("resetJdbcUrl", o.resetJdbcUrl);
            n.put("dbUser", o.dbUser);
            if (o.appCommand != null) {
                // Only with it: the keys of a remote comparison on the app as it runs there stay as they were.
                n.put("appCommand", o.appCommand);
                n.put("secondAppUrl", o.secondAppUrl.toString());
                n.put("secondManagementUrl", o.secondManagementUrl.toString());
            }
        }
        return n;
    }

    /** The app JVM's dimensions: threads, JDKs, app builds, session stores, and the combinations left out. */
    private static void putVariants(CompareOptions o, ObjectNode n) {
        var t = n.putArray("threads");
        o.threads.forEach(m -> t.add(m.label()));
        var j = n.putArray("java");
        (o.javas == null ? List.of(JdkHome.runner()) : o.javas).forEach(h -> j.addObject()
                .put("feature", h.feature()).put("version", h.version()).put("home", h.home().toString()));
        if (o.poolRelease != null) {
            n.put("poolVersion", o.poolRelease.profile() + "=" + String.join(",", o.poolRelease.versions()));
        }
        if (o.appBuilds != null) {
            var builds = n.putArray("appBuilds");
            o.appBuilds.forEach(b -> builds.addObject().put("name", b.name()).put("jar", b.jar().toString()));
        }
        if (o.sessions != null) {
            var stores = n.putArray("session");
            o.sessions.forEach(st -> stores.add(st.label()));
            n.put("redisPoolSize", o.redisPoolSize);
        }
        if (o.plants != null) {
            // A planted difference is not a pool's: the summary names it first (docs/planted-difference.md).
            var plants = n.putArray("plant");
            o.plants.forEach(p -> plants.add(p.label()));
        }
        var skipped = n.putArray("skippedVariants");
        o.skippedVariants.forEach(skipped::add);
    }
}
