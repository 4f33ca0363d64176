package dev.poolbench.bench.load.testserver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tiny data set in the formats of sql/: {@code dummy_users.tsv} ({@code id login password salt hash})
 * and {@code dummy_users_used.tsv} ({@code id login failures}). The last user starts locked.
 */
public final class TestData {
    public final List<String[]> users = new ArrayList<>();
    public final Map<Integer, Integer> failures;

    public TestData(int count) {
        for (int i = 1; i <= count; i++) {
            users.add(new String[] {"user" + i, "pass" + i + "word"});
        }
        failures = Map.of(count, 3, count - 1, 1);
    }

    public String lockedLogin() {
        return users.get(users.size() - 1)[0];
    }

    public Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < users.size(); i++) {
            lines.add((i + 1) + "\t" + users.get(i)[0] + "\t" + users.get(i)[1] + "\tsalt" + i + "\thash" + i);
        }
        Files.write(dir.resolve("dummy_users.tsv"), lines, StandardCharsets.UTF_8);
        List<String> used = new ArrayList<>();
        failures.forEach((id, n) -> used.add(id + "\t" + users.get(id - 1)[0] + "\t" + n));
        Files.write(dir.resolve("dummy_users_used.tsv"), used, StandardCharsets.UTF_8);
        return dir;
    }
}
