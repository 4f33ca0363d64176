package dev.poolbench.webapp.pool;

import java.sql.SQLException;

/**
 * The error a write gets from a server that went read-only while the pool's connections to it stay
 * open (an old primary left up after a failover): MariaDB's and MySQL's 1290
 * (ER_OPTION_PREVENTS_STATEMENT, "running with the --read-only option"; SQLState HY000, the general
 * error's, so the code decides) and PostgreSQL's SQLState 25006 (read_only_sql_transaction: a hot
 * standby, or default_transaction_read_only). No pool takes these for a dead connection, and a
 * read-only server answers isValid(), so under evict-read-only the pools with an error hook
 * (HikariCP's {@link HikariReadOnlyEviction}, Agroal's exception sorter) evict on them.
 */
final class ReadOnlyServer {

    static final int MYSQL_READ_ONLY = 1290;
    static final String POSTGRES_READ_ONLY = "25006";

    private ReadOnlyServer() {
    }

    /** Chained exceptions looked at, at most (as HikariCP does: a chain may loop). */
    private static final int MAX_CHAIN = 10;

    /** Whether {@code e}, or an exception chained to it (getNextException), is a read-only server's refusal. */
    static boolean refused(SQLException e) {
        SQLException next = e;
        for (int depth = 0; next != null && depth < MAX_CHAIN; depth++, next = next.getNextException()) {
            if (next.getErrorCode() == MYSQL_READ_ONLY || POSTGRES_READ_ONLY.equals(next.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
