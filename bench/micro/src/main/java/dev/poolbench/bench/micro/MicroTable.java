package dev.poolbench.bench.micro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The figures as one table per benchmark and target: a row per pool, a column per thread count,
 * each cell "score ± error" in ops/ms. Plain text (aligned) for the console and micro.txt,
 * Markdown for micro.md (pasted into docs/micro.md).
 */
final class MicroTable {

    private MicroTable() {
    }

    static String text(List<MicroRow> rows, MicroOptions.Settings settings, String header) {
        StringBuilder out = new StringBuilder(header).append('\n');
        for (String benchmark : settings.benchmarks()) {
            for (Target target : settings.targets()) {
                List<List<String>> table = table(rows, settings, benchmark, target.cliName());
                out.append('\n').append(benchmark).append(" on ").append(target.cliName()).append(" (ops/ms, ± 99.9 % CI)\n");
                int[] widths = new int[table.get(0).size()];
                for (List<String> line : table) {
                    for (int i = 0; i < line.size(); i++) {
                        widths[i] = Math.max(widths[i], line.get(i).length());
                    }
                }
                for (List<String> line : table) {
                    for (int i = 0; i < line.size(); i++) {
                        String cell = line.get(i);
                        out.append(i == 0 ? String.format("%-" + widths[i] + "s", cell)
                                : "  " + String.format("%" + widths[i] + "s", cell));
                    }
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    static String markdown(List<MicroRow> rows, MicroOptions.Settings settings, String header) {
        StringBuilder out = new StringBuilder(header).append('\n');
        for (String benchmark : settings.benchmarks()) {
            for (Target target : settings.targets()) {
                List<List<String>> table = table(rows, settings, benchmark, target.cliName());
                out.append("\n### ").append(benchmark).append(" on ").append(target.cliName())
                        .append(" (ops/ms, ± 99.9 % CI)\n\n");
                for (int i = 0; i < table.size(); i++) {
                    out.append("| ").append(String.join(" | ", table.get(i))).append(" |\n");
                    if (i == 0) {
                        out.append("|---").append("|---:".repeat(table.get(0).size() - 1)).append("|\n");
                    }
                }
            }
        }
        return out.toString();
    }

    /** Header line, then one line per pool; a trial that did not run shows "-". */
    private static List<List<String>> table(List<MicroRow> rows, MicroOptions.Settings settings, String benchmark,
            String target) {
        List<List<String>> table = new ArrayList<>();
        List<String> head = new ArrayList<>();
        head.add("pool");
        settings.threads().forEach(t -> head.add(t + (t == 1 ? " thread" : " threads")));
        table.add(head);
        for (String pool : settings.pools()) {
            List<String> line = new ArrayList<>();
            line.add(pool);
            for (int threads : settings.threads()) {
                line.add(find(rows, benchmark, pool, target, threads).map(MicroTable::cell).orElse("-"));
            }
            table.add(line);
        }
        return table;
    }

    static Optional<MicroRow> find(List<MicroRow> rows, String benchmark, String pool, String target, int threads) {
        return rows.stream().filter(r -> r.benchmark().equals(benchmark) && r.pool().equals(pool)
                && r.target().equals(target) && r.threads() == threads).findFirst();
    }

    static String cell(MicroRow row) {
        String score = number(row.score());
        return row.hasError() ? score + " ± " + number(row.error()) : score;
    }

    /** Three significant figures at least, thousands separated: 52,345 / 456 / 3.51 / 0.0123. */
    static String number(double value) {
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%,.0f" : abs >= 10 ? "%,.1f" : abs >= 1 ? "%,.2f" : "%,.3g";
        return String.format(Locale.ROOT, pattern, value);
    }
}
