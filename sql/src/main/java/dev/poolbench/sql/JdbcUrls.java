package dev.poolbench.sql;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Adds Connector/J properties to a JDBC URL unless the URL already sets them. */
final class JdbcUrls {
    private JdbcUrls() {
    }

    static String withDefaults(String jdbcUrl, Map<String, String> properties) {
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:mysql:")) {
            throw new IllegalArgumentException("JDBC URL must start with 'jdbc:mysql:' (Connector/J), was '" + jdbcUrl + "'");
        }
        String lowerUrl = jdbcUrl.toLowerCase(Locale.ROOT);
        StringBuilder url = new StringBuilder(jdbcUrl);
        char separator = jdbcUrl.contains("?") ? '&' : '?';
        for (Map.Entry<String, String> property : properties.entrySet()) {
            String key = property.getKey().toLowerCase(Locale.ROOT);
            if (lowerUrl.contains("?" + key + "=") || lowerUrl.contains("&" + key + "=")) {
                continue; // the caller's explicit choice wins
            }
            url.append(separator).append(property.getKey()).append('=').append(property.getValue());
            separator = '&';
        }
        return url.toString();
    }

    /** Properties for bulk work: multi-row INSERTs, no SSL handshake on a local benchmark server. */
    static String forBulkWork(String jdbcUrl) {
        Map<String, String> properties = new LinkedHashMap<>();
        // Connector/J then sends one multi-row INSERT per batch instead of a round trip per row;
        // works on MySQL 8 where LOAD DATA LOCAL (local_infile) is off by default.
        properties.put("rewriteBatchedStatements", "true");
        properties.put("createDatabaseIfNotExist", "true");
        properties.put("sslMode", "DISABLED");
        properties.put("allowPublicKeyRetrieval", "true");
        return withDefaults(jdbcUrl, properties);
    }
}
