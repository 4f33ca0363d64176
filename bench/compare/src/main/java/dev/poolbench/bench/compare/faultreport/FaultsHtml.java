package dev.poolbench.bench.compare.faultreport;

import dev.poolbench.bench.compare.faultfigures.FaultFigures;
import dev.poolbench.bench.compare.faultfigures.FaultOutcome;
import dev.poolbench.bench.compare.faultplan.FaultOptions;
import dev.poolbench.bench.compare.faultplan.Scenario;
import dev.poolbench.bench.compare.util.HtmlPage;
import dev.poolbench.bench.compare.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.html} of a faults run ({@code faults} and {@code faults-summarize}): the checks
 * and the fault table first, then each scenario's picture and the runs' pool pictures, the table
 * as text, the options and environment, and links to the raw files. Same page writer as the
 * comparison's ({@link HtmlPage}).
 */
final class FaultsHtml {

    private FaultsHtml() {
    }

    static Path write(Path dir, List<FaultOutcome> outcomes, FaultOptions options, Map<String, String> environment,
                      List<String> failures) throws IOException {
        String started = environment.get("startedAt");
        HtmlPage page = new HtmlPage(dir, "poolbench faults" + (started == null ? "" : " started " + started));
        page.paragraph(String.format(Locale.ROOT, "%d s runs, fault at %d s for %d s, pool size %d, pool wait %d ms%s",
                options.durationSeconds, options.faultAtSeconds, options.faultSeconds, options.poolSize,
                options.poolWaitMillis, options.workload == null ? "" : ", workload " + options.workload));
        page.section("Summary");
        if (!failures.isEmpty()) {
            page.labelled("Checks failed (" + failures.size() + "):", String.join("; ", failures));
        } else if (options.check) {
            page.labelled("Checks:", "every measurement taken and consistent.");
        } else {
            page.labelled("Checks:", "not asked (--check); every run finished.");
        }
        page.table(List.of("scenario", "profile", "away s", "1st err s", "errors in fault", "after", "max ms", ">wait", "1st ok s",
                "90% s", "opened", "pend", "rows", "report", "problems", "files"), rows(dir, outcomes));
        page.note("Columns as in faults.txt (below): away s = how long the database (redis-restart: Redis) was away; "
                + "1st err s = from the fault's start to the first error (fail fast); >wait = requests slower than the pool wait; "
                + "1st ok s = from the return to the first decided login; 90% s = to the first 3-s window back at "
                + ">= 90 % of the pre-fault rate; rows = login_log rows against decided logins. See docs/faults.md.");
        page.section("Pictures");
        for (Scenario scenario : options.scenarios) {
            page.picture("faults-" + scenario.cliName() + ".png", "Scenario " + scenario.cliName()
                    + ": every pool, second by second, around the fault");
        }
        List<String> runPictures = page.pngs("runs");
        if (!runPictures.isEmpty()) {
            page.section("Pool pictures per run");
            for (String png : runPictures) {
                page.picture(png, "Run " + png.substring("runs/".length(), png.lastIndexOf('/')));
            }
        }
        page.section("Fault table (faults.txt)");
        page.preformatted(FaultTable.text(outcomes, options));
        page.section("Settings and environment");
        page.subheading("Options (options.json)");
        page.jsonTable(options.toJson());
        page.subheading("Environment (environment.json)");
        var env = Json.object();
        environment.forEach(env::put);
        page.jsonTable(env);
        page.section("Raw files");
        List<String> raw = new ArrayList<>(List.of("faults.txt", "faults.json", FaultReport.OPTIONS,
                FaultReport.ENVIRONMENT, "runs"));
        outcomes.forEach(o -> raw.add("runs/" + o.run().name()));
        raw.addAll(page.pngs(""));
        page.files(raw);
        return page.write();
    }

    private static List<List<?>> rows(Path dir, List<FaultOutcome> outcomes) {
        List<List<?>> rows = new ArrayList<>();
        for (FaultOutcome r : outcomes) {
            String runDir = "runs/" + r.run().name();
            Object files = Files.isDirectory(dir.resolve(runDir)) ? new HtmlPage.Link(runDir, r.run().name()) : "-";
            FaultFigures f = r.figures();
            String problems = String.join("; ", r.problems());
            if (f == null) {
                rows.add(List.of(r.scenario().cliName(), r.run().who(), "FAILED", "-", "-", "-", "-", "-", "-", "-", "-",
                        "-", "-", "-", problems, files));
                continue;
            }
            String away = r.faultBegin() == null ? "-" : String.format(Locale.ROOT, "%.1f", r.faultEnd() - r.faultBegin());
            rows.add(List.of(r.scenario().cliName(), r.run().who(), away, FaultTable.num(f.firstErrorSeconds(), "%.1f"),
                    FaultTable.errors(f),
                    String.valueOf(f.errorsAfterReturn()), FaultTable.num(f.longestRequestMillis(), "%.0f"),
                    f.slowerThanPoolWait() == null ? "-" : String.valueOf(f.slowerThanPoolWait()),
                    FaultTable.num(f.firstSuccessSeconds(), "%.1f"),
                    f.recoverySeconds() == null ? "never" : FaultTable.num(f.recoverySeconds(), "%.1f"),
                    FaultTable.num(f.connectionsOpened(), "%.0f"), FaultTable.num(f.peakPending(), "%.0f"),
                    f.rowsVerdict(), f.reportExact() == null ? "-" : f.reportExact() ? "exact" : "WRONG", problems, files));
        }
        return rows;
    }
}
