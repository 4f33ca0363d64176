package dev.poolbench.bench.compare.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * {@link LoginLogSpare}'s two statements on PostgreSQL (--database postgres). A spare is
 * {@code CREATE TABLE spare (LIKE login_log INCLUDING ALL)} filled from login_log_init and
 * analyzed; the swap, in one transaction, drops the used login_log, renames the spare in its
 * place and gives its indexes the names login_log's had (PostgreSQL names a copied index after
 * the copy, and index names are what the schema variant adds and drops), then moves the id
 * sequence (shared by every copy: sql/postgres/schema.sql) to max(id). Like MariaDB's RENAME,
 * the DROP waits for the statements in flight; the wait is capped at 30 s.
 */
final class PostgresSpare {

    private PostgresSpare() {
    }

    static void refill(Statement s, String spare) throws SQLException {
        s.execute("DROP TABLE IF EXISTS " + spare);
        s.execute("CREATE TABLE " + spare + " (LIKE login_log INCLUDING ALL)");
        s.execute("INSERT INTO " + spare + " SELECT * FROM login_log_init");
        // Statistics now, not by autovacuum in the middle of a measured window.
        s.execute("ANALYZE " + spare);
    }

    static void swap(Connection c, String spare) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("SET LOCAL lock_timeout = '30s'");
            Map<String, String> names = indexesByColumns(s, "login_log");
            s.execute("DROP TABLE login_log");
            s.execute("ALTER TABLE " + spare + " RENAME TO login_log");
            for (Map.Entry<String, String> index : indexesByColumns(s, "login_log").entrySet()) {
                String name = names.get(index.getKey());
                if (name != null && !name.equals(index.getValue())) {
                    s.execute("ALTER INDEX " + index.getValue() + " RENAME TO " + name);
                }
            }
            s.execute("SELECT setval('login_log_id_seq', (SELECT MAX(id) FROM login_log))");
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /** The table's indexes: their definition after "USING" (e.g. {@code btree (ip, id)}) to their name. */
    private static Map<String, String> indexesByColumns(Statement s, String table) throws SQLException {
        Map<String, String> indexes = new HashMap<>();
        try (ResultSet r = s.executeQuery("SELECT indexname, indexdef FROM pg_indexes"
                + " WHERE schemaname = current_schema() AND tablename = '" + table + "'")) {
            while (r.next()) {
                String definition = r.getString(2);
                indexes.put(definition.substring(definition.indexOf(" USING ")), r.getString(1));
            }
        }
        return indexes;
    }
}
