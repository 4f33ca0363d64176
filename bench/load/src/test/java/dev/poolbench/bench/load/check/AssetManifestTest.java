package dev.poolbench.bench.load.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The manifest must agree with the app's static files, so drift in either is caught here. */
class AssetManifestTest {
    private static final Path STATIC = Path.of("../../webapp/src/main/resources/static");

    @Test
    void containsTheContestFiles() throws IOException {
        AssetManifest m = AssetManifest.load();
        assertEquals("385b964b68acb68d23cb43a5218fade9", m.md5("/stylesheets/bootstrap.min.css"));
        assertEquals("6409900e808d514534adc1bd0e46bbbb", m.md5("/stylesheets/bootflat.min.css"));
    }

    @Test
    void agreesWithEveryStaticFileOfTheWebapp() throws Exception {
        AssetManifest m = AssetManifest.load();
        List<String> problems = new ArrayList<>();
        if (Files.isDirectory(STATIC)) {
            try (Stream<Path> files = Files.walk(STATIC)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    String path = "/" + STATIC.relativize(f).toString().replace('\\', '/');
                    String actual = md5(Files.readAllBytes(f));
                    String expected = m.md5(path);
                    if (!actual.equals(expected)) {
                        problems.add(actual + "  " + path + " (manifest: " + expected + ")");
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), "assets.md5 disagrees with webapp static files; fix lines:\n"
                + String.join("\n", problems));
    }

    static String md5(byte[] b) throws Exception {
        return String.format("%032x", new BigInteger(1, MessageDigest.getInstance("MD5").digest(b)));
    }
}
