package dev.poolbench.bench.micro.stub;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;

/** A statement (prepared or not) whose every query returns one row with the integer 1. */
final class StubPreparedStatement extends UnsupportedPreparedStatement {

    private final StubConnection connection;
    private boolean closed;
    private int queryTimeoutSeconds;
    private int fetchSize;
    private int maxRows;
    private ResultSet current;

    StubPreparedStatement(StubConnection connection) {
        this.connection = connection;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        checkOpen();
        current = new StubResultSet(this);
        return current;
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        return executeQuery();
    }

    @Override
    public boolean execute() throws SQLException {
        executeQuery();
        return true;
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return execute();
    }

    @Override
    public ResultSet getResultSet() {
        return current;
    }

    @Override
    public int getUpdateCount() {
        return -1;
    }

    @Override
    public boolean getMoreResults() {
        current = null;
        return false;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public int getQueryTimeout() {
        return queryTimeoutSeconds;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        this.queryTimeoutSeconds = seconds;
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public void setFetchSize(int rows) {
        this.fetchSize = rows;
    }

    @Override
    public int getMaxRows() {
        return maxRows;
    }

    @Override
    public void setMaxRows(int max) {
        this.maxRows = max;
    }

    @Override
    public void clearParameters() {
        // No parameters are kept.
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // No warnings are ever raised.
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("poolbench stub driver: not a wrapper for " + iface.getName());
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("poolbench stub driver: statement is closed");
        }
        connection.checkOpen();
    }
}
