package dev.poolbench.sql;

import java.util.Locale;

/**
 * The few statements that differ between MySQL/MariaDB (Connector/J) and PostgreSQL (pgjdbc),
 * in one place; chosen by the JDBC URL's prefix. indexes.sql is the same file for both.
 */
public enum Dialect {
    MYSQL("jdbc:mysql:", SqlScripts.SCHEMA, SqlScripts.RESET),
    POSTGRES("jdbc:postgresql:", SqlScripts.RESOURCE_DIR + "postgres/schema.sql",
            SqlScripts.RESOURCE_DIR + "postgres/reset.sql");

    private final String urlPrefix;
    private final String schemaScript;
    private final String resetScript;

    Dialect(String urlPrefix, String schemaScript, String resetScript) {
        this.urlPrefix = urlPrefix;
        this.schemaScript = schemaScript;
        this.resetScript = resetScript;
    }

    /** The dialect of a JDBC URL, failing on any driver other than Connector/J and pgjdbc. */
    public static Dialect of(String jdbcUrl) {
        for (Dialect dialect : values()) {
            if (jdbcUrl != null && jdbcUrl.startsWith(dialect.urlPrefix)) {
                return dialect;
            }
        }
        throw new IllegalArgumentException("JDBC URL must start with 'jdbc:mysql:' (Connector/J) or"
                + " 'jdbc:postgresql:' (pgjdbc), was '" + jdbcUrl + "'");
    }

    public String schemaScript() {
        return schemaScript;
    }

    public String resetScript() {
        return resetScript;
    }

    /** An empty table of login_log's definition (columns, defaults, indexes). */
    String createTableLike(String table, String like) {
        return this == MYSQL ? "CREATE TABLE " + table + " LIKE " + like
                : "CREATE TABLE " + table + " (LIKE " + like + " INCLUDING ALL)";
    }

    String dropIndex(String index, String table) {
        return this == MYSQL ? "DROP INDEX " + index + " ON " + table : "DROP INDEX " + index;
    }

    /** Names of the indexes of table ? in the URL's database (MySQL) or current schema (PostgreSQL). */
    String indexNamesQuery() {
        return this == MYSQL
                ? "SELECT DISTINCT index_name FROM information_schema.statistics"
                        + " WHERE table_schema = DATABASE() AND table_name = ?"
                : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?";
    }

    /** Counts which of login_log and login_log_init exist. */
    String loginLogTablesQuery() {
        return "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = "
                + (this == MYSQL ? "DATABASE()" : "current_schema()")
                + " AND table_name IN ('login_log', 'login_log_init')";
    }

    String analyze() {
        return this == MYSQL ? "ANALYZE TABLE users, login_log" : "ANALYZE users, login_log";
    }

    /** After explicit ids were loaded: the next generated id is max(id)+1 (MySQL's AUTO_INCREMENT does it itself). */
    String afterExplicitIds() {
        return this == MYSQL ? null : "SELECT setval('login_log_id_seq', (SELECT MAX(id) FROM login_log))";
    }

    /**
     * A DATETIME/TIMESTAMP column as {@code yyyy-MM-dd HH:mm:ss} text, the fraction cut off: read
     * back as text so no driver shifts the wall-clock value into another time zone.
     */
    public String secondText(String column) {
        return this == MYSQL ? "DATE_FORMAT(" + column + ", '%Y-%m-%d %H:%i:%s')"
                : "to_char(" + column + ", 'YYYY-MM-DD HH24:MI:SS')";
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
