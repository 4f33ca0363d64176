package dev.poolbench.bench.micro.stub;

import java.sql.Connection;
import java.sql.ResultSet;

/** What the pools and the settings read-back ask: names, versions, JDBC level. */
final class StubDatabaseMetaData extends UnsupportedDatabaseMetaData {

    private final StubConnection connection;

    StubDatabaseMetaData(StubConnection connection) {
        this.connection = connection;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public String getURL() {
        return connection.url();
    }

    @Override
    public String getUserName() {
        return "stub";
    }

    @Override
    public String getDriverName() {
        return "poolbench stub driver";
    }

    @Override
    public String getDriverVersion() {
        return "1.0";
    }

    @Override
    public String getDatabaseProductName() {
        return "poolbench stub (no I/O)";
    }

    @Override
    public String getDatabaseProductVersion() {
        return "1.0";
    }

    @Override
    public int getDatabaseMajorVersion() {
        return 1;
    }

    @Override
    public int getDatabaseMinorVersion() {
        return 0;
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 3;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Connection.TRANSACTION_REPEATABLE_READ;
    }

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }
}
