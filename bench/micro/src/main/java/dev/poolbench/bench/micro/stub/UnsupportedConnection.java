package dev.poolbench.bench.micro.stub;

import java.sql.*;

/**
 * Every method of {@link Connection} refuses with {@link SQLFeatureNotSupportedException}; the stub
 * classes override only what the pools and the benchmarks call, so a pool that starts calling
 * something new fails loudly (naming the method) instead of being measured against a silent no-op.
 * Written out method by method (no dynamic proxy), so a call costs what a real driver call costs
 * at least: a virtual call, not reflection.
 */
@SuppressWarnings({"deprecation", "checkstyle:all"})
abstract class UnsupportedConnection implements Connection {

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("poolbench stub driver: Connection." + method + "() is not supported");
    }

    @Override public void abort(java.util.concurrent.Executor p0) throws SQLException { throw unsupported("abort"); }
    @Override public void clearWarnings() throws SQLException { throw unsupported("clearWarnings"); }
    @Override public void close() throws SQLException { throw unsupported("close"); }
    @Override public void commit() throws SQLException { throw unsupported("commit"); }
    @Override public Array createArrayOf(String p0, Object[] p1) throws SQLException { throw unsupported("createArrayOf"); }
    @Override public Blob createBlob() throws SQLException { throw unsupported("createBlob"); }
    @Override public Clob createClob() throws SQLException { throw unsupported("createClob"); }
    @Override public NClob createNClob() throws SQLException { throw unsupported("createNClob"); }
    @Override public SQLXML createSQLXML() throws SQLException { throw unsupported("createSQLXML"); }
    @Override public Statement createStatement() throws SQLException { throw unsupported("createStatement"); }
    @Override public Statement createStatement(int p0, int p1, int p2) throws SQLException { throw unsupported("createStatement"); }
    @Override public Statement createStatement(int p0, int p1) throws SQLException { throw unsupported("createStatement"); }
    @Override public Struct createStruct(String p0, Object[] p1) throws SQLException { throw unsupported("createStruct"); }
    @Override public boolean getAutoCommit() throws SQLException { throw unsupported("getAutoCommit"); }
    @Override public String getCatalog() throws SQLException { throw unsupported("getCatalog"); }
    @Override public java.util.Properties getClientInfo() throws SQLException { throw unsupported("getClientInfo"); }
    @Override public String getClientInfo(String p0) throws SQLException { throw unsupported("getClientInfo"); }
    @Override public int getHoldability() throws SQLException { throw unsupported("getHoldability"); }
    @Override public DatabaseMetaData getMetaData() throws SQLException { throw unsupported("getMetaData"); }
    @Override public int getNetworkTimeout() throws SQLException { throw unsupported("getNetworkTimeout"); }
    @Override public String getSchema() throws SQLException { throw unsupported("getSchema"); }
    @Override public int getTransactionIsolation() throws SQLException { throw unsupported("getTransactionIsolation"); }
    @Override public java.util.Map<String, Class<?>> getTypeMap() throws SQLException { throw unsupported("getTypeMap"); }
    @Override public SQLWarning getWarnings() throws SQLException { throw unsupported("getWarnings"); }
    @Override public boolean isClosed() throws SQLException { throw unsupported("isClosed"); }
    @Override public boolean isReadOnly() throws SQLException { throw unsupported("isReadOnly"); }
    @Override public boolean isValid(int p0) throws SQLException { throw unsupported("isValid"); }
    @Override public boolean isWrapperFor(Class<?> p0) throws SQLException { throw unsupported("isWrapperFor"); }
    @Override public String nativeSQL(String p0) throws SQLException { throw unsupported("nativeSQL"); }
    @Override public CallableStatement prepareCall(String p0, int p1, int p2, int p3) throws SQLException { throw unsupported("prepareCall"); }
    @Override public CallableStatement prepareCall(String p0, int p1, int p2) throws SQLException { throw unsupported("prepareCall"); }
    @Override public CallableStatement prepareCall(String p0) throws SQLException { throw unsupported("prepareCall"); }
    @Override public PreparedStatement prepareStatement(String p0, int[] p1) throws SQLException { throw unsupported("prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String p0, String[] p1) throws SQLException { throw unsupported("prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String p0, int p1, int p2, int p3) throws SQLException { throw unsupported("prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String p0, int p1, int p2) throws SQLException { throw unsupported("prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String p0, int p1) throws SQLException { throw unsupported("prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String p0) throws SQLException { throw unsupported("prepareStatement"); }
    @Override public void releaseSavepoint(Savepoint p0) throws SQLException { throw unsupported("releaseSavepoint"); }
    @Override public void rollback() throws SQLException { throw unsupported("rollback"); }
    @Override public void rollback(Savepoint p0) throws SQLException { throw unsupported("rollback"); }
    @Override public void setAutoCommit(boolean p0) throws SQLException { throw unsupported("setAutoCommit"); }
    @Override public void setCatalog(String p0) throws SQLException { throw unsupported("setCatalog"); }
    @Override public void setClientInfo(String p0, String p1) throws SQLClientInfoException { throw new SQLClientInfoException("poolbench stub driver: no client info", null); }
    @Override public void setClientInfo(java.util.Properties p0) throws SQLClientInfoException { throw new SQLClientInfoException("poolbench stub driver: no client info", null); }
    @Override public void setHoldability(int p0) throws SQLException { throw unsupported("setHoldability"); }
    @Override public void setNetworkTimeout(java.util.concurrent.Executor p0, int p1) throws SQLException { throw unsupported("setNetworkTimeout"); }
    @Override public void setReadOnly(boolean p0) throws SQLException { throw unsupported("setReadOnly"); }
    @Override public Savepoint setSavepoint() throws SQLException { throw unsupported("setSavepoint"); }
    @Override public Savepoint setSavepoint(String p0) throws SQLException { throw unsupported("setSavepoint"); }
    @Override public void setSchema(String p0) throws SQLException { throw unsupported("setSchema"); }
    @Override public void setTransactionIsolation(int p0) throws SQLException { throw unsupported("setTransactionIsolation"); }
    @Override public void setTypeMap(java.util.Map<String, Class<?>> p0) throws SQLException { throw unsupported("setTypeMap"); }
    @Override public <T> T unwrap(Class<T> p0) throws SQLException { throw unsupported("unwrap"); }
}
