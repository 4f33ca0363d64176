package dev.poolbench.bench.compare.util;

import java.awt.Color;

/**
 * The charts' colors, by index (a series, or a pool's place in the catalogue): ten fixed ones,
 * then hues a golden angle apart, so that no number of pools or series runs out of colors.
 */
public final class Palette {

    private static final Color[] FIXED = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
        new Color(0xff7f0e), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0xbcbd22), new Color(0x7f7f7f)};

    private Palette() {
    }

    /** The color at index (0 and up). */
    public static Color color(int index) {
        if (index < FIXED.length) {
            return FIXED[index];
        }
        return Color.getHSBColor((float) ((index - FIXED.length) * 0.618034 % 1.0), 0.75f, 0.7f);
    }
}
