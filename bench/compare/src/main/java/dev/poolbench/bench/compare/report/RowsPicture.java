package dev.poolbench.bench.compare.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A forest plot's shape as a PNG: one row per thing compared, its label on the left, its intervals
 * on one shared axis of percent differences, its figure in words on the right, the band that
 * counts (the equivalence margin) behind them. Column widths come from the fonts' own metrics, so
 * no label runs into another; what every row shares goes in the title and subtitle. A value beyond
 * the axis is an arrow at its end (the words say how far). Used by verdicts.png and sittings.png.
 */
public final class RowsPicture {

    /** One interval, in percent: {@code low}/{@code high} NaN for a point alone. */
    public record Item(double low, double mid, double high, Color color) {
    }

    /** A row: thin intervals (sittings, rounds) stacked above an optional thick one (pooled, deciding). */
    public record Row(String label, List<Item> thin, Item thick, String words, Color wordsColor) {
    }

    /** The shared axis in percent, its band (the margin) and the line at no difference. */
    public record Axis(double lo, double hi, double step, String label, double bandLow, double bandHigh) {

        /** An axis from -5 % and +5 % at least out to every interval, in whole steps, at most ±100 %. */
        public static Axis around(List<Row> rows, String label, double bandLow, double bandHigh) {
            double lo = Math.min(-8, bandLow);
            double hi = Math.max(8, bandHigh);
            for (Row r : rows) {
                List<Item> items = new ArrayList<>(r.thin());
                if (r.thick() != null) {
                    items.add(r.thick());
                }
                for (Item i : items) {
                    for (double v : new double[] {i.low(), i.mid(), i.high()}) {
                        if (!Double.isNaN(v)) {
                            lo = Math.min(lo, Math.max(v, -100));
                            hi = Math.max(hi, Math.min(v, 100));
                        }
                    }
                }
            }
            double step = hi - lo > 40 ? 10 : hi - lo > 16 ? 5 : 2;
            return new Axis(Math.floor(lo / step) * step, Math.ceil(hi / step) * step, step, label, bandLow, bandHigh);
        }
    }

    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 17);
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.BOLD, 13);
    private static final Color INK = new Color(0x222222);
    private static final Color MUTED = new Color(0x777777);
    private static final Color GRID = new Color(0xdddddd);
    private static final Color BAND = new Color(0xe8e8e8);
    private static final int PAD = 14;
    private static final int THIN_STEP = 6;

    private RowsPicture() {
    }

    public static void write(String title, String subtitle, String leftHeader, String rightHeader, List<Row> rows,
                             Axis axis, List<String> legend, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        FontMetrics label = metrics(LABEL);
        FontMetrics small = metrics(SMALL);
        int leftWidth = label.stringWidth(leftHeader) + 2 * PAD;
        int wordsWidth = small.stringWidth(rightHeader) + 2 * PAD;
        for (Row r : rows) {
            leftWidth = Math.max(leftWidth, label.stringWidth(r.label()) + 2 * PAD);
            wordsWidth = Math.max(wordsWidth, small.stringWidth(r.words()) + 2 * PAD);
        }
        int width = Math.max(ChartStyle.WIDTH, leftWidth + 420 + wordsWidth);
        int plotRight = width - wordsWidth;
        List<String> titleLines = wrap(title, metrics(TITLE), width - 2 * PAD);
        List<String> subLines = wrap(subtitle, small, width - 2 * PAD);
        List<String> legendLines = wrap(String.join("   ", legend), small, width - 2 * PAD);
        int top = PAD + 24 * titleLines.size() + 17 * subLines.size() + 34;
        int[] heights = rows.stream().mapToInt(r -> Math.max(30, THIN_STEP * r.thin().size()
                + (r.thick() != null ? 22 : 10)) + 8).toArray();
        int bottom = top + Arrays.stream(heights).sum();
        int height = bottom + 50 + 17 * legendLines.size();

        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        heading(g, titleLines, subLines);
        g.drawString(leftHeader, PAD, top - 8);
        g.drawString(rightHeader, plotRight + PAD, top - 8);
        Scale x = new Scale(axis.lo(), axis.hi(), leftWidth + 8, plotRight - 8);
        axis(g, axis, x, top, bottom, small);
        int y = top;
        for (int i = 0; i < rows.size(); i++) {
            y = row(g, rows.get(i), x, y, heights[i], width, plotRight);
        }
        g.setColor(MUTED);
        g.setFont(SMALL);
        int ly = bottom + 34;
        for (String line : legendLines) {
            ly += 17;
            g.drawString(line, PAD, ly);
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    /** The title in bold, the subtitle under it in grey; leaves the small font and grey set. */
    private static void heading(Graphics2D g, List<String> titleLines, List<String> subLines) {
        int y = PAD;
        g.setColor(INK);
        g.setFont(TITLE);
        for (String line : titleLines) {
            y += 22;
            g.drawString(line, PAD, y);
        }
        g.setFont(SMALL);
        g.setColor(MUTED);
        for (String line : subLines) {
            y += 17;
            g.drawString(line, PAD, y);
        }
    }

    /** The band, the grid with its ticks (the line at 0 darker) and the axis' label. */
    private static void axis(Graphics2D g, Axis axis, Scale x, int top, int bottom, FontMetrics small) {
        g.setColor(BAND);
        g.fillRect(x.at(axis.bandLow()), top, x.at(axis.bandHigh()) - x.at(axis.bandLow()), bottom - top);
        for (double t = axis.lo(); t <= axis.hi() + 1e-9; t += axis.step()) {
            g.setColor(Math.abs(t) < 1e-9 ? MUTED : GRID);
            g.drawLine(x.at(t), top, x.at(t), bottom);
            g.setColor(MUTED);
            String tick = String.format(Locale.ROOT, "%+.0f %%", t).replace("+0 %", "0 %");
            g.drawString(tick, x.at(t) - small.stringWidth(tick) / 2, bottom + 16);
        }
        g.setColor(INK);
        g.drawString(axis.label(), (x.left() + x.right() - small.stringWidth(axis.label())) / 2, bottom + 34);
    }

    private static int row(Graphics2D g, Row r, Scale x, int y, int height, int width, int plotRight) {
        g.setColor(GRID);
        g.drawLine(PAD, y, width - PAD, y);
        double ty = y + 10;
        for (Item item : r.thin()) {
            interval(g, item, x, ty, false);
            ty += THIN_STEP;
        }
        double centre = r.thick() == null ? y + height / 2.0 : r.thin().isEmpty() ? y + height / 2.0 : ty + 6;
        if (r.thick() != null) {
            interval(g, r.thick(), x, centre, true);
        }
        g.setFont(LABEL);
        g.setColor(INK);
        g.drawString(r.label(), PAD, (float) centre + 5);
        g.setFont(SMALL);
        g.setColor(r.wordsColor());
        g.drawString(r.words(), plotRight + PAD, (float) centre + 4);
        return y + height;
    }

    private static void interval(Graphics2D g, Item item, Scale x, double y, boolean thick) {
        g.setColor(item.color());
        if (!Double.isNaN(item.low()) && !Double.isNaN(item.high())) {
            g.setStroke(new BasicStroke(thick ? 3.5f : 1.3f));
            g.draw(new Line2D.Double(x.at(item.low()), y, x.at(item.high()), y));
            g.setStroke(new BasicStroke(1f));
        }
        int cx = x.at(item.mid());
        int cy = (int) Math.round(y);
        if (item.mid() < x.lo || item.mid() > x.hi) {
            int d = item.mid() < x.lo ? -9 : 9;
            g.fillPolygon(new int[] {cx + d, cx, cx}, new int[] {cy, cy - 6, cy + 6}, 3);
        } else if (thick) {
            g.fillPolygon(new Polygon(new int[] {cx - 7, cx, cx + 7, cx}, new int[] {cy, cy - 6, cy, cy + 6}, 4));
        } else {
            g.fillOval(cx - 3, cy - 3, 6, 6);
        }
    }

    /** Percent to pixels, clamped to the axis. */
    private record Scale(double lo, double hi, int left, int right) {
        int at(double v) {
            double c = Math.min(Math.max(v, lo), hi);
            return (int) Math.round(left + (c - lo) / (hi - lo) * (right - left));
        }
    }

    private static FontMetrics metrics(Font font) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(font);
        } finally {
            g.dispose();
        }
    }

    /** The text broken at spaces into lines no wider than {@code width} pixels. */
    static List<String> wrap(String text, FontMetrics metrics, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && metrics.stringWidth(line + " " + word) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
