package dev.poolbench.webapp.metrics;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.ShardingKey;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * The pool's connection as handed to the application, timed from the end of
 * {@code getConnection()} until {@code close()} has returned it to the pool (the pool's own
 * return work, e.g. DBCP's rollback, counts as held: the connection is unavailable meanwhile).
 *
 * <p>A plain delegating class, not a {@link java.lang.reflect.Proxy}: no reflection per JDBC
 * call, and the only allocation per borrow is this object. Every method only forwards what the
 * application calls; it never calls a JDBC 4.1+ method on its own, so Commons DBCP 1.4's
 * connections (which lack {@code getSchema}, {@code getNetworkTimeout}, ...) behave exactly as
 * without the wrapper.
 */
final class TimedConnection implements Connection {

    private final Connection delegate;
    private final TimedDataSource owner;
    private final long acquiredNanos;
    /** Used by one thread at a time, like the connection itself: no need for atomics. */
    private boolean returned;

    TimedConnection(Connection delegate, TimedDataSource owner, long acquiredNanos) {
        this.delegate = delegate;
        this.owner = owner;
        this.acquiredNanos = acquiredNanos;
    }

    /** The pool's connection (its proxy), for tests and diagnostics. */
    Connection delegate() {
        return delegate;
    }

    @Override
    public void close() throws SQLException {
        if (returned) {
            delegate.close();
            return;
        }
        returned = true;
        // Out of use before the pool has it back: once back, another thread may borrow it and count
        // it in use, and the in-use count would briefly exceed the pool (seen: 3 in use with 1).
        owner.releasing();
        try {
            delegate.close();
        } finally {
            owner.recordReturn(System.nanoTime() - acquiredNanos);
        }
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(delegate) || delegate.isWrapperFor(iface);
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface.isInstance(delegate)) {
            return iface.cast(delegate);
        }
        return delegate.unwrap(iface);
    }

    // ---- plain delegation below (generated from java.sql.Connection, Java 17) ----

    @Override
    public Statement createStatement() throws SQLException {
        return delegate.createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String arg0) throws SQLException {
        return delegate.prepareStatement(arg0);
    }

    @Override
    public CallableStatement prepareCall(String arg0) throws SQLException {
        return delegate.prepareCall(arg0);
    }

    @Override
    public String nativeSQL(String arg0) throws SQLException {
        return delegate.nativeSQL(arg0);
    }

    @Override
    public void setAutoCommit(boolean arg0) throws SQLException {
        delegate.setAutoCommit(arg0);
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        return delegate.getAutoCommit();
    }

    @Override
    public void commit() throws SQLException {
        delegate.commit();
    }

    @Override
    public void rollback() throws SQLException {
        delegate.rollback();
    }

    @Override
    public boolean isClosed() throws SQLException {
        return delegate.isClosed();
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        return delegate.getMetaData();
    }

    @Override
    public void setReadOnly(boolean arg0) throws SQLException {
        delegate.setReadOnly(arg0);
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return delegate.isReadOnly();
    }

    @Override
    public void setCatalog(String arg0) throws SQLException {
        delegate.setCatalog(arg0);
    }

    @Override
    public String getCatalog() throws SQLException {
        return delegate.getCatalog();
    }

    @Override
    public void setTransactionIsolation(int arg0) throws SQLException {
        delegate.setTransactionIsolation(arg0);
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        return delegate.getTransactionIsolation();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return delegate.getWarnings();
    }

    @Override
    public void clearWarnings() throws SQLException {
        delegate.clearWarnings();
    }

    @Override
    public Statement createStatement(int arg0, int arg1) throws SQLException {
        return delegate.createStatement(arg0, arg1);
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int arg1, int arg2) throws SQLException {
        return delegate.prepareStatement(arg0, arg1, arg2);
    }

    @Override
    public CallableStatement prepareCall(String arg0, int arg1, int arg2) throws SQLException {
        return delegate.prepareCall(arg0, arg1, arg2);
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        return delegate.getTypeMap();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> arg0) throws SQLException {
        delegate.setTypeMap(arg0);
    }

    @Override
    public void setHoldability(int arg0) throws SQLException {
        delegate.setHoldability(arg0);
    }

    @Override
    public int getHoldability() throws SQLException {
        return delegate.getHoldability();
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        return delegate.setSavepoint();
    }

    @Override
    public Savepoint setSavepoint(String arg0) throws SQLException {
        return delegate.setSavepoint(arg0);
    }

    @Override
    public void rollback(Savepoint arg0) throws SQLException {
        delegate.rollback(arg0);
    }

    @Override
    public void releaseSavepoint(Savepoint arg0) throws SQLException {
        delegate.releaseSavepoint(arg0);
    }

    @Override
    public Statement createStatement(int arg0, int arg1, int arg2) throws SQLException {
        return delegate.createStatement(arg0, arg1, arg2);
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int arg1, int arg2, int arg3) throws SQLException {
        return delegate.prepareStatement(arg0, arg1, arg2, arg3);
    }

    @Override
    public CallableStatement prepareCall(String arg0, int arg1, int arg2, int arg3) throws SQLException {
        return delegate.prepareCall(arg0, arg1, arg2, arg3);
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int arg1) throws SQLException {
        return delegate.prepareStatement(arg0, arg1);
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int[] arg1) throws SQLException {
        return delegate.prepareStatement(arg0, arg1);
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, String[] arg1) throws SQLException {
        return delegate.prepareStatement(arg0, arg1);
    }

    @Override
    public Clob createClob() throws SQLException {
        return delegate.createClob();
    }

    @Override
    public Blob createBlob() throws SQLException {
        return delegate.createBlob();
    }

    @Override
    public NClob createNClob() throws SQLException {
        return delegate.createNClob();
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        return delegate.createSQLXML();
    }

    @Override
    public boolean isValid(int arg0) throws SQLException {
        return delegate.isValid(arg0);
    }

    @Override
    public void setClientInfo(String arg0, String arg1) throws SQLClientInfoException {
        delegate.setClientInfo(arg0, arg1);
    }

    @Override
    public void setClientInfo(Properties arg0) throws SQLClientInfoException {
        delegate.setClientInfo(arg0);
    }

    @Override
    public String getClientInfo(String arg0) throws SQLException {
        return delegate.getClientInfo(arg0);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        return delegate.getClientInfo();
    }

    @Override
    public Array createArrayOf(String arg0, Object[] arg1) throws SQLException {
        return delegate.createArrayOf(arg0, arg1);
    }

    @Override
    public Struct createStruct(String arg0, Object[] arg1) throws SQLException {
        return delegate.createStruct(arg0, arg1);
    }

    @Override
    public void setSchema(String arg0) throws SQLException {
        delegate.setSchema(arg0);
    }

    @Override
    public String getSchema() throws SQLException {
        return delegate.getSchema();
    }

    @Override
    public void abort(Executor arg0) throws SQLException {
        delegate.abort(arg0);
    }

    @Override
    public void setNetworkTimeout(Executor arg0, int arg1) throws SQLException {
        delegate.setNetworkTimeout(arg0, arg1);
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        return delegate.getNetworkTimeout();
    }

    @Override
    public void beginRequest() throws SQLException {
        delegate.beginRequest();
    }

    @Override
    public void endRequest() throws SQLException {
        delegate.endRequest();
    }

    @Override
    public boolean setShardingKeyIfValid(ShardingKey arg0, ShardingKey arg1, int arg2) throws SQLException {
        return delegate.setShardingKeyIfValid(arg0, arg1, arg2);
    }

    @Override
    public boolean setShardingKeyIfValid(ShardingKey arg0, int arg1) throws SQLException {
        return delegate.setShardingKeyIfValid(arg0, arg1);
    }

    @Override
    public void setShardingKey(ShardingKey arg0, ShardingKey arg1) throws SQLException {
        delegate.setShardingKey(arg0, arg1);
    }

    @Override
    public void setShardingKey(ShardingKey arg0) throws SQLException {
        delegate.setShardingKey(arg0);
    }

}
