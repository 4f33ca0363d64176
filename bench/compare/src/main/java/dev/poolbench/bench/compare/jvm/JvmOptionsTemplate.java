package dev.poolbench.bench.compare.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders {@code webapp/jvm.options}: one option per line, '#' starts a comment (whole line,
 * or after whitespace at the end of a line), Jinja-style {@code {{ name }}} placeholders. The
 * same file is rendered by Ansible's template module, so only plain substitution is supported;
 * anything else is an error rather than a silently different JVM.
 */
public final class JvmOptionsTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*}}");
    private static final Pattern TRAILING_COMMENT = Pattern.compile("\\s+#.*$");

    private JvmOptionsTemplate() {
    }

    public static List<String> render(Path file, Map<String, String> values) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("JVM options file not found: " + file
                    + " (set it with --jvm-options FILE)");
        }
        return render(Files.readAllLines(file), values, file.toString());
    }

    static List<String> render(List<String> lines, Map<String, String> values, String source) {
        List<String> options = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            line = TRAILING_COMMENT.matcher(line).replaceFirst("");
            Matcher m = PLACEHOLDER.matcher(line);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                String name = m.group(1);
                String value = values.get(name);
                if (value == null) {
                    throw new IllegalArgumentException(source + ":" + (i + 1) + ": unknown placeholder {{ "
                            + name + " }}; known: " + String.join(", ", values.keySet().stream().sorted().toList()));
                }
                m.appendReplacement(out, Matcher.quoteReplacement(value));
            }
            m.appendTail(out);
            String option = out.toString();
            if (option.contains("{{") || option.contains("{%") || option.contains("}}")) {
                throw new IllegalArgumentException(source + ":" + (i + 1)
                        + ": unsupported template syntax in '" + lines.get(i).strip() + "'");
            }
            options.add(option);
        }
        return List.copyOf(options);
    }
}
