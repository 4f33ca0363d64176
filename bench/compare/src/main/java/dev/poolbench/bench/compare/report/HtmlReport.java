package dev.poolbench.bench.compare.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.poolbench.bench.compare.plan.RunRecord;
import dev.poolbench.bench.compare.plan.RunVariant;
import dev.poolbench.bench.compare.run.RunReleases;
import dev.poolbench.bench.compare.stats.PairedTest;
import dev.poolbench.bench.compare.util.HtmlPage;
import dev.poolbench.bench.compare.util.Json;
import dev.poolbench.bench.compare.verdict.BetweenSitting;
import dev.poolbench.bench.compare.verdict.DimensionVerdict;
import dev.poolbench.bench.compare.verdict.PairedVerdict;
import dev.poolbench.bench.compare.verdict.SummaryBlock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code report.html} of a comparison ({@code compare} and {@code summarize} write it beside
 * summary.txt): the verdicts first, each with the interval that decided it, and the rule that
 * stopped the rounds; then verdicts.png, the other charts, the duets' and the runs' pictures,
 * the runs, summary.txt in full, the settings and environment, and links to the raw files.
 */
final class HtmlReport {

    /** The charts of the whole comparison, in the order a reader wants them; any other top-level PNG follows. */
    private static final List<String[]> CHARTS = List.of(
            new String[] {"scores.png", "Scores per pool: each run, and the mean with its 95 % interval"},
            new String[] {"warmup.png", "Warm-up curve"});

    private HtmlReport() {
    }

    static Path write(Summary summary, Path dir) throws IOException {
        JsonNode env = summary.environment();
        String started = Json.text(env, "startedAt");
        // The stamp to the second: its nanoseconds say nothing to a reader.
        String stamp = started == null ? "" : " started " + started.replaceFirst("\\.\\d+Z$", "Z");
        HtmlPage page = new HtmlPage(dir, "poolbench comparison" + stamp);
        page.paragraph(summary.settingsLine());
        String releases = RunReleases.line(summary.releases()).strip();
        if (!releases.isEmpty()) {
            page.paragraph(releases);
        }
        verdicts(page, summary);
        page.section("Verdicts picture");
        if (Files.isRegularFile(dir.resolve("verdicts.png"))) {
            page.picture("verdicts.png", "Each pool's ratio to " + summary.reference() + " with the interval that "
                    + "decided its verdict (90 % for equivalent, 95 % for faster, slower, undecided)");
        } else {
            page.note("No verdicts.png: nothing was paired (one pool only).");
        }
        charts(page);
        runs(page, summary, dir);
        runPictures(page);
        page.section("Summary text (summary.txt)");
        page.preformatted(summary.text());
        page.section("Settings and environment (environment.json)");
        if (env.isObject() && env.size() > 0) {
            page.jsonTable(env);
        } else {
            page.note("No environment.json: settings were taken from the run records.");
        }
        page.section("Raw files");
        List<String> raw = new ArrayList<>(List.of("summary.txt", "summary.json", "runs.jsonl", "environment.json",
                "progress.log", "runs"));
        raw.addAll(page.pngs(""));
        page.files(raw);
        return page.write();
    }

    /** The summary: stop rule, per block a table of verdicts with their deciding intervals, problems. */
    private static void verdicts(HtmlPage page, Summary summary) {
        page.section("Verdicts");
        JsonNode env = summary.environment();
        String stop = Json.text(env, "roundsStopReason");
        if (stop != null) {
            String rule = RoundRule.of(env);
            page.labelled("Stopped (" + rule + "):", stop);
        } else {
            int rounds = summary.runs().stream().mapToInt(RunRecord::round).max().orElse(0);
            page.labelled("Stopped:", "after the " + rounds + (rounds == 1 ? " round" : " rounds")
                    + " asked for (no adaptive rule).");
        }
        long counted = summary.runs().stream().filter(RunRecord::counted).count();
        long disturbed = summary.runs().stream().filter(DisturbanceSummary::disturbed).count();
        page.labelled("Runs:", summary.runs().size() + " (" + counted + " counted" + (disturbed == 0 ? ""
                : ", " + disturbed + " disturbed by other processes: see the summary text") + ").");
        page.labelled("Rule:", PairedVerdict.decidingRule(summary.marginPercent()));
        // Which variance the intervals include, and whether the verdict is provisional (a remote design).
        page.paragraph(BetweenSitting.of(env, summary.runs()).line());
        boolean titled = summary.blocks().size() > 1;
        List<String> unpaired = new ArrayList<>();
        for (SummaryBlock block : summary.blocks()) {
            if (block.paired().isEmpty()) {
                // A size search's duets say the same of every size: once is enough.
                block.verdict().stream().filter(l -> !unpaired.contains(l)).forEach(l -> {
                    unpaired.add(l);
                    page.paragraph(l);
                });
                continue;
            }
            if (titled) {
                page.subheading(block.title(summary.variesVariant()));
            }
            List<List<?>> rows = new ArrayList<>();
            for (PairedVerdict.Entry e : block.paired()) {
                rows.add(verdictRow(e));
            }
            page.table(List.of("pool", "against", "pairs", "ratio", "difference", "deciding interval", "verdict",
                    "the intervals support"), rows);
        }
        dimensions(page, summary);
        List<RunRecord> problems = summary.problemRuns();
        if (!problems.isEmpty()) {
            page.subheading("Runs that did not count (" + problems.size() + ")");
            problems.forEach(r -> page.paragraph("round " + r.round() + " " + r.groupLabel() + ": "
                    + (r.valid() ? "" : "INVALID ") + (r.flagged() ? "FLAGGED " : "") + String.join("; ", r.problems())));
        }
    }

    private static List<?> verdictRow(PairedVerdict.Entry e) {
        PairedTest.Result r = e.result();
        String unit = e.duets() ? "duets" : "rounds";
        String deciding = r.n() < 2 ? "none (fewer than 2 pairs)" : r.word() == PairedTest.Word.UNDECIDED
                ? r.decidingInterval().text() + " spans 0; " + new PairedTest.Interval(90, r.low90Percent(),
                        r.high90Percent(), "equivalence").text() + " not inside ±" + PairedVerdict.marginText(
                        r.marginPercent()) + " %"
                : r.decidingInterval().text() + " (" + r.decidingInterval().test() + ")";
        String verdict = e.verdictText();
        return List.of(e.profile(), e.reference(), r.n() + " " + (r.n() == 1 ? unit.substring(0, unit.length() - 1) : unit),
                r.n() == 0 ? "-" : String.format(Locale.ROOT, "%.3f", 1 + r.estimatePercent() / 100),
                r.n() == 0 ? "-" : String.format(Locale.ROOT, "%+.1f %%", r.estimatePercent()), deciding, verdict,
                r.n() < 2 ? "-" : r.statement());
    }

    /** App builds and session stores against their reference, when the comparison varied them. */
    private static void dimensions(HtmlPage page, Summary summary) {
        for (var dimension : DimensionVerdict.Dimension.values()) {
            List<DimensionVerdict.Entry> entries = DimensionVerdict.of(dimension, summary.runs(), summary.environment(),
                    summary.marginPercent());
            if (entries.isEmpty()) {
                continue;
            }
            page.subheading(dimension.title);
            List<List<?>> rows = new ArrayList<>();
            for (DimensionVerdict.Entry e : entries) {
                String where = e.profile() + (e.poolSize() == null ? "" : " @" + e.poolSize());
                rows.add(List.of(where, e.value() + " vs " + e.reference(), e.result().n() + " rounds",
                        e.result().brief(), e.result().verdict()));
            }
            page.table(List.of("pool", "pair", "pairs", "difference, deciding interval", "verdict"), rows);
        }
    }

    /** The comparison's charts: scores, warm-up, any other picture at the top of the directory. */
    private static void charts(HtmlPage page) throws IOException {
        page.section("Charts");
        List<String> top = page.pngs("").stream().filter(p -> !p.contains("/")).toList();
        for (String[] chart : CHARTS) {
            if (top.contains(chart[0])) {
                page.picture(chart[0], chart[1]);
            }
        }
        for (String png : top) {
            if (!png.equals("verdicts.png") && CHARTS.stream().noneMatch(c -> c[0].equals(png))) {
                page.picture(png, png);
            }
        }
    }

    /** The detail below the runs: every duet's lanes second by second, every run's pool. */
    private static void runPictures(HtmlPage page) throws IOException {
        List<String> duets = page.pngs("duets");
        if (!duets.isEmpty()) {
            page.section("Duets, second by second");
            for (String png : duets) {
                page.picture(png, "Duet " + png.substring("duets/".length(), png.length() - 4)
                        + ": both lanes' passed pages per second");
            }
        }
        List<String> runPictures = page.pngs("runs");
        if (!runPictures.isEmpty()) {
            page.section("Pool metrics per run");
            for (String png : runPictures) {
                page.picture(png, "Pool of run " + png.substring("runs/".length(), png.lastIndexOf('/')));
            }
        }
    }

    /** Every run: round, pool, variant, duet window, score, p99, whether it counted and why not, its directory. */
    private static void runs(HtmlPage page, Summary summary, Path dir) {
        page.section("Runs");
        List<List<?>> rows = new ArrayList<>();
        for (RunRecord r : summary.runs()) {
            String runDir = Json.text(r.json(), "runDir");
            String relative = runDir == null ? null : Files.exists(dir.resolve("runs").resolve(runDir))
                    ? "runs/" + runDir : runDir;
            String window = Json.text(r.json(), "duet.window");
            rows.add(List.of(String.valueOf(r.round()), r.profile(), r.poolSize() == null ? "default" : r.poolSize(),
                    RunVariant.describe(RunVariant.key(r.json())),
                    window == null ? "-" : window + " lane " + r.json().path("duet").path("lane").asInt(),
                    Double.isNaN(r.score()) ? "-" : String.format(Locale.ROOT, "%.0f", r.score()),
                    Double.isNaN(r.p99Millis()) ? "-" : String.format(Locale.ROOT, "%.1f ms", r.p99Millis()),
                    r.counted() ? "yes" : r.json().has("supersededBy") ? "re-run" : "no",
                    String.join("; ", r.problems()),
                    relative == null ? "-" : new HtmlPage.Link(relative, runDir)));
        }
        page.table(List.of("round", "pool", "size", "variant", "duet", "score", "p99", "counted", "problems", "files"),
                rows);
    }
}
