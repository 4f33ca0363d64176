package dev.poolbench.bench.redis;

import java.util.List;
import java.util.Locale;

/** The cells as a progress line, a fixed-width text table and a Markdown table (formatting only). */
final class LoopTable {

    private static final String[] HEADER = {"mode", "threads", "client", "conns (new/peak)", "wall ms",
        "µs per SET", "client CPU ms (%)", "server CPU ms (%)", "errors", "outcome"};

    private LoopTable() {
    }

    static String progressLine(CellResult c) {
        return String.format(Locale.ROOT, "cell\tmode:%s\tthreads:%d\tclient:%s\tusPerSet:%.1f\twallMs:%.0f\t"
                + "connections:%d\terrors:%d\toutcome:%s", c.threadMode(), c.threads(), c.client(), c.microsPerSet(),
                c.wallMillis(), c.connectionsReceived(), c.errorCount(), c.outcome());
    }

    static String text(List<CellResult> cells, String subtitle) {
        List<String[]> rows = cells.stream().map(LoopTable::row).toList();
        int[] widths = new int[HEADER.length];
        for (int i = 0; i < HEADER.length; i++) {
            widths[i] = HEADER[i].length();
            for (String[] row : rows) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder("Redis client loop (" + subtitle + ")\n");
        appendRow(sb, HEADER, widths);
        for (String[] row : rows) {
            appendRow(sb, row, widths);
        }
        sb.append("µs per SET = wall time / SETs of all threads (as published); conns: connections the server "
                + "accepted in the cell / highest connected clients sampled every 100 ms.\n");
        return sb.toString();
    }

    static String markdown(List<CellResult> cells, String subtitle) {
        StringBuilder sb = new StringBuilder("Redis client loop (" + subtitle + ")\n\n| ");
        sb.append(String.join(" | ", HEADER)).append(" |\n|");
        for (int i = 0; i < HEADER.length; i++) {
            sb.append(i == 0 || i == 2 || i == HEADER.length - 1 ? "---|" : "---:|");
        }
        sb.append('\n');
        for (CellResult cell : cells) {
            sb.append("| ").append(String.join(" | ", row(cell))).append(" |\n");
        }
        return sb.toString();
    }

    private static String[] row(CellResult c) {
        return new String[] {
            c.threadMode(), String.valueOf(c.threads()), c.client(),
            c.connectionsReceived() + " / " + c.peakConnectedClients(),
            String.format(Locale.ROOT, "%.0f", c.wallMillis()),
            Double.isNaN(c.microsPerSet()) ? "-" : String.format(Locale.ROOT, "%.1f", c.microsPerSet()),
            String.format(Locale.ROOT, "%.0f (%.0f %%)", c.clientCpuMillis(), c.clientCpuPercent()),
            String.format(Locale.ROOT, "%.0f (%.0f %%)", c.serverCpuMillis(), c.serverCpuPercent()),
            String.valueOf(c.errorCount()), c.outcome()};
    }

    private static void appendRow(StringBuilder sb, String[] cells, int[] widths) {
        for (int i = 0; i < cells.length; i++) {
            boolean left = i == 0 || i == 2 || i == cells.length - 1;
            String format = "%" + (left ? "-" : "") + widths[i] + "s";
            sb.append(String.format(Locale.ROOT, format, cells[i]));
            sb.append(i == cells.length - 1 ? "\n" : "  ");
        }
    }
}
