package dev.poolbench.bench.compare.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmOptionsTemplateTest {

    private static final Map<String, String> VALUES = Map.of("heap", "1g", "gc", "G1", "log_dir", "/tmp/run");

    @Test
    void rendersPlaceholdersAndDropsComments() {
        List<String> options = JvmOptionsTemplate.render(List.of(
                "# a comment",
                "",
                "   -Xms{{ heap }}",
                "-Xmx{{heap}}   # trailing comment",
                "-XX:+Use{{ gc }}GC",
                "-Xlog:gc*:file={{ log_dir }}/gc.log:time"), VALUES, "test");
        assertEquals(List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-Xlog:gc*:file=/tmp/run/gc.log:time"), options);
    }

    @Test
    void unknownPlaceholderIsAClearError() {
        var e = assertThrows(IllegalArgumentException.class, () -> JvmOptionsTemplate.render(
                List.of("-Xms{{ heap }}", "-Dx={{ colour }}"), VALUES, "jvm.options"));
        assertEquals("jvm.options:2: unknown placeholder {{ colour }}; known: gc, heap, log_dir", e.getMessage());
    }

    @Test
    void jinjaControlSyntaxIsRejected() {
        var e = assertThrows(IllegalArgumentException.class, () -> JvmOptionsTemplate.render(
                List.of("{% if x %}-Dy{% endif %}"), VALUES, "f"));
        assertTrue(e.getMessage().contains("unsupported template syntax"));
    }

    @Test
    void theShippedFileRenders() throws Exception {
        Path shipped = Path.of("../../webapp/jvm.options");
        if (!Files.exists(shipped)) {
            return;
        }
        List<String> options = JvmOptionsTemplate.render(shipped, VALUES);
        assertTrue(options.contains("-Xmx1g"), options.toString());
        assertTrue(options.stream().noneMatch(o -> o.contains("{{") || o.startsWith("#")));
    }
}
