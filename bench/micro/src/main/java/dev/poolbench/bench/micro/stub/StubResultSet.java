package dev.poolbench.bench.micro.stub;

import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;

/** One row, one column: the integer 1 (the answer to {@code SELECT 1}). */
final class StubResultSet extends UnsupportedResultSet {

    private final Statement statement;
    private int row;   // 0 before the first row, 1 on it, 2 after it
    private boolean closed;

    StubResultSet(Statement statement) {
        this.statement = statement;
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (row < 2) {
            row++;
        }
        return row == 1;
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        checkOpen();
        if (row != 1 || columnIndex != 1) {
            throw new SQLException("poolbench stub driver: no column " + columnIndex + " in row " + row);
        }
        return 1;
    }

    @Override
    public boolean wasNull() {
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
    public Statement getStatement() {
        return statement;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // No warnings are ever raised.
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("poolbench stub driver: result set is closed");
        }
    }
}
