package dev.poolbench.bench.compare.util;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The one JSON mapper of the module and a few null-tolerant readers. */
public final class Json {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static JsonNode read(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Path file, JsonNode node) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        MAPPER.writeValue(file.toFile(), node);
    }

    /** One line of JSON (for runs.jsonl). */
    public static String line(JsonNode node) {
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static double number(JsonNode node, String path) {
        JsonNode n = at(node, path);
        return n != null && n.isNumber() ? n.asDouble() : Double.NaN;
    }

    public static String text(JsonNode node, String path) {
        JsonNode n = at(node, path);
        return n == null || n.isNull() || n.isMissingNode() ? null : n.asText();
    }

    /** Dotted path lookup ("requests.latencyMillis.p99"); null when any part is missing. */
    public static JsonNode at(JsonNode node, String path) {
        JsonNode current = node;
        for (String part : path.split("\\.")) {
            if (current == null || !current.has(part)) {
                return null;
            }
            current = current.get(part);
        }
        return current;
    }
}
