package dev.poolbench.bench.load.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Expected MD5 of the known assets, read from {@code assets.md5} on the classpath
 * ({@code md5sum} format: {@code <hex>  /path}). Never taken from a live server.
 */
public final class AssetManifest {
    public static final String RESOURCE = "assets.md5";

    private final Map<String, String> md5ByPath;

    public AssetManifest(Map<String, String> md5ByPath) {
        this.md5ByPath = Collections.unmodifiableMap(new HashMap<>(md5ByPath));
    }

    public static AssetManifest load() throws IOException {
        try (InputStream in = AssetManifest.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " not found on the classpath");
            }
            return new AssetManifest(parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))));
        }
    }

    static Map<String, String> parse(BufferedReader r) throws IOException {
        Map<String, String> m = new HashMap<>();
        String line;
        while ((line = r.readLine()) != null) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s+", 2);
            if (f.length != 2 || f[0].length() != 32) {
                throw new IOException(RESOURCE + ": bad line '" + line + "'");
            }
            m.put(f[1].startsWith("*") ? f[1].substring(1) : f[1], f[0].toLowerCase());
        }
        return m;
    }

    /** Expected lowercase hex MD5 of the asset at this path, or null when unknown. */
    public String md5(String path) {
        return md5ByPath.get(path);
    }

    public Map<String, String> all() {
        return md5ByPath;
    }
}
