package dev.poolbench.bench.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rows picture: every label and every row's words fit their columns, whatever their length. */
class RowsPictureTest {

    private static final Color BLUE = new Color(0x1f77b4);

    @Test
    void longWordsWidenThePictureInsteadOfRunningIntoEachOther(@TempDir Path dir) throws Exception {
        String words = "slower, by 42.1 to 47.0 %; and a very long statement that a narrow picture would have cut off";
        List<RowsPicture.Row> rows = List.of(
                new RowsPicture.Row("nopool (a connection per request)", List.of(),
                        new RowsPicture.Item(-47.0, -44.5, -42.1, BLUE), words, BLUE),
                new RowsPicture.Row("tomcat", List.of(new RowsPicture.Item(-6, -2, 2, Color.GRAY)),
                        new RowsPicture.Item(-4.0, -2.6, -1.2, BLUE), "slower, by 1.2 to 4.0 %", BLUE));
        Path png = dir.resolve("rows.png");
        RowsPicture.write("A title", "a subtitle", "pool", "word", rows,
                RowsPicture.Axis.around(rows, "difference", -4.76, 5), List.of("legend"), png);
        BufferedImage image = ImageIO.read(png.toFile());
        FontMetrics small = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics()
                .getFontMetrics(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        assertTrue(image.getWidth() >= small.stringWidth(words) + 420, "width " + image.getWidth());
        // The words end inside the picture: nothing is drawn in its right margin.
        assertTrue(!inkBetween(image, image.getWidth() - 6, image.getWidth()), "nothing drawn past the margin");
    }

    @Test
    void theAxisReachesEveryIntervalInWholeSteps() {
        List<RowsPicture.Row> rows = List.of(new RowsPicture.Row("nopool", List.of(),
                new RowsPicture.Item(-47.0, -44.5, -42.1, BLUE), "", BLUE));
        RowsPicture.Axis axis = RowsPicture.Axis.around(rows, "", -4.76, 5);
        assertEquals(-50, axis.lo(), 1e-9);
        assertEquals(10, axis.hi(), 1e-9);
        assertEquals(10, axis.step(), 1e-9);
    }

    private static boolean inkBetween(BufferedImage image, int from, int to) {
        for (int x = from; x < to; x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                if ((image.getRGB(x, y) & 0xffffff) != 0xffffff) {
                    return true;
                }
            }
        }
        return false;
    }
}
