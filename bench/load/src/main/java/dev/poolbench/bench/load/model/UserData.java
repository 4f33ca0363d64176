package dev.poolbench.bench.load.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The users of {@code dummy_users.tsv} ({@code id login password salt hash}) and their initial
 * consecutive failures from {@code dummy_users_used.tsv} ({@code id login failures}).
 * Users are addressed by their position in the file (0-based), not by database id.
 */
public final class UserData {
    private final String[] logins;
    private final String[] passwords;
    private final int[] initialFailures;

    public UserData(String[] logins, String[] passwords, int[] initialFailures) {
        this.logins = logins;
        this.passwords = passwords;
        this.initialFailures = initialFailures;
    }

    public static UserData load(Path dir) throws IOException {
        Path users = dir.resolve("dummy_users.tsv");
        Path used = dir.resolve("dummy_users_used.tsv");
        List<String> logins = new ArrayList<>(200_000);
        List<String> passwords = new ArrayList<>(200_000);
        Map<String, Integer> byId = new HashMap<>(400_000);
        try (BufferedReader r = Files.newBufferedReader(users, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isEmpty()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length < 3) {
                    throw new IOException(users + " line " + n + ": expected 'id login password salt hash'");
                }
                byId.put(f[0], logins.size());
                logins.add(f[1]);
                passwords.add(f[2]);
            }
        }
        if (logins.isEmpty()) {
            throw new IOException(users + " holds no users");
        }
        int[] failures = new int[logins.size()];
        if (Files.exists(used)) {
            try (BufferedReader r = Files.newBufferedReader(used, StandardCharsets.UTF_8)) {
                String line;
                int n = 0;
                while ((line = r.readLine()) != null) {
                    n++;
                    if (line.isEmpty()) {
                        continue;
                    }
                    String[] f = line.split("\t", -1);
                    if (f.length < 3) {
                        throw new IOException(used + " line " + n + ": expected 'id login failures'");
                    }
                    Integer pos = byId.get(f[0]);
                    if (pos == null) {
                        throw new IOException(used + " line " + n + ": unknown user id " + f[0]);
                    }
                    failures[pos] = Integer.parseInt(f[2].trim());
                }
            }
        } else {
            throw new IOException("missing " + used);
        }
        return new UserData(logins.toArray(String[]::new), passwords.toArray(String[]::new), failures);
    }

    public int size() {
        return logins.length;
    }

    public String login(int user) {
        return logins[user];
    }

    public String password(int user) {
        return passwords[user];
    }

    public int initialFailures(int user) {
        return initialFailures[user];
    }
}
