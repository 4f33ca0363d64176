package dev.poolbench.sql;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Adds driver properties (Connector/J or pgjdbc) to a JDBC URL unless the URL already sets them. */
final class JdbcUrls {
    private JdbcUrls() {
    }

    static String withDefaults(String jdbcUrl, Map<String, String> properties) {
        Dialect.of(jdbcUrl);
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
        if (Dialect.of(jdbcUrl) == Dialect.POSTGRES) {
            // pgjdbc's counterpart of rewriteBatchedStatements; the database is created by the loader.
            properties.put("reWriteBatchedInserts", "true");
            properties.put("sslmode", "disable");
            // The loader binds created_at as its text (see DatabaseLoader): let the server type it.
            properties.put("stringtype", "unspecified");
            return withDefaults(jdbcUrl, properties);
        }
        // Connector/J then sends one multi-row INSERT per batch instead of a round trip per row;
        // works on MySQL 8 where LOAD DATA LOCAL (local_infile) is off by default.
        properties.put("rewriteBatchedStatements", "true");
        properties.put("createDatabaseIfNotExist", "true");
        properties.put("sslMode", "DISABLED");
        properties.put("allowPublicKeyRetrieval", "true");
        return withDefaults(jdbcUrl, properties);
    }

    /** The same server's maintenance database {@code postgres} (a PostgreSQL URL names one database). */
    static String postgresMaintenance(String jdbcUrl) {
        int slash = jdbcUrl.indexOf('/', "jdbc:postgresql://".length());
        int query = jdbcUrl.indexOf('?');
        return jdbcUrl.substring(0, slash + 1) + "postgres" + (query < 0 ? "" : jdbcUrl.substring(query));
    }

    /** The database a PostgreSQL URL names. */
    static String postgresDatabase(String jdbcUrl) {
        int slash = jdbcUrl.indexOf('/', "jdbc:postgresql://".length());
        int query = jdbcUrl.indexOf('?');
        return query < 0 ? jdbcUrl.substring(slash + 1) : jdbcUrl.substring(slash + 1, query);
    }
}
