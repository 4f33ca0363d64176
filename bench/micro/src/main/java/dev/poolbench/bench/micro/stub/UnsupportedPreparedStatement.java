package dev.poolbench.bench.micro.stub;

import java.sql.*;

/**
 * Every method of {@link PreparedStatement} refuses with {@link SQLFeatureNotSupportedException}; the stub
 * classes override only what the pools and the benchmarks call, so a pool that starts calling
 * something new fails loudly (naming the method) instead of being measured against a silent no-op.
 * Written out method by method (no dynamic proxy), so a call costs what a real driver call costs
 * at least: a virtual call, not reflection.
 */
@SuppressWarnings({"deprecation", "checkstyle:all"})
abstract class UnsupportedPreparedStatement implements PreparedStatement {

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("poolbench stub driver: PreparedStatement." + method + "() is not supported");
    }

    @Override public void addBatch() throws SQLException { throw unsupported("addBatch"); }
    @Override public void addBatch(String p0) throws SQLException { throw unsupported("addBatch"); }
    @Override public void cancel() throws SQLException { throw unsupported("cancel"); }
    @Override public void clearBatch() throws SQLException { throw unsupported("clearBatch"); }
    @Override public void clearParameters() throws SQLException { throw unsupported("clearParameters"); }
    @Override public void clearWarnings() throws SQLException { throw unsupported("clearWarnings"); }
    @Override public void close() throws SQLException { throw unsupported("close"); }
    @Override public void closeOnCompletion() throws SQLException { throw unsupported("closeOnCompletion"); }
    @Override public boolean execute() throws SQLException { throw unsupported("execute"); }
    @Override public boolean execute(String p0, int[] p1) throws SQLException { throw unsupported("execute"); }
    @Override public boolean execute(String p0, String[] p1) throws SQLException { throw unsupported("execute"); }
    @Override public boolean execute(String p0, int p1) throws SQLException { throw unsupported("execute"); }
    @Override public boolean execute(String p0) throws SQLException { throw unsupported("execute"); }
    @Override public int[] executeBatch() throws SQLException { throw unsupported("executeBatch"); }
    @Override public ResultSet executeQuery() throws SQLException { throw unsupported("executeQuery"); }
    @Override public ResultSet executeQuery(String p0) throws SQLException { throw unsupported("executeQuery"); }
    @Override public int executeUpdate() throws SQLException { throw unsupported("executeUpdate"); }
    @Override public int executeUpdate(String p0, int[] p1) throws SQLException { throw unsupported("executeUpdate"); }
    @Override public int executeUpdate(String p0, String[] p1) throws SQLException { throw unsupported("executeUpdate"); }
    @Override public int executeUpdate(String p0, int p1) throws SQLException { throw unsupported("executeUpdate"); }
    @Override public int executeUpdate(String p0) throws SQLException { throw unsupported("executeUpdate"); }
    @Override public Connection getConnection() throws SQLException { throw unsupported("getConnection"); }
    @Override public int getFetchDirection() throws SQLException { throw unsupported("getFetchDirection"); }
    @Override public int getFetchSize() throws SQLException { throw unsupported("getFetchSize"); }
    @Override public ResultSet getGeneratedKeys() throws SQLException { throw unsupported("getGeneratedKeys"); }
    @Override public int getMaxFieldSize() throws SQLException { throw unsupported("getMaxFieldSize"); }
    @Override public int getMaxRows() throws SQLException { throw unsupported("getMaxRows"); }
    @Override public ResultSetMetaData getMetaData() throws SQLException { throw unsupported("getMetaData"); }
    @Override public boolean getMoreResults() throws SQLException { throw unsupported("getMoreResults"); }
    @Override public boolean getMoreResults(int p0) throws SQLException { throw unsupported("getMoreResults"); }
    @Override public ParameterMetaData getParameterMetaData() throws SQLException { throw unsupported("getParameterMetaData"); }
    @Override public int getQueryTimeout() throws SQLException { throw unsupported("getQueryTimeout"); }
    @Override public ResultSet getResultSet() throws SQLException { throw unsupported("getResultSet"); }
    @Override public int getResultSetConcurrency() throws SQLException { throw unsupported("getResultSetConcurrency"); }
    @Override public int getResultSetHoldability() throws SQLException { throw unsupported("getResultSetHoldability"); }
    @Override public int getResultSetType() throws SQLException { throw unsupported("getResultSetType"); }
    @Override public int getUpdateCount() throws SQLException { throw unsupported("getUpdateCount"); }
    @Override public SQLWarning getWarnings() throws SQLException { throw unsupported("getWarnings"); }
    @Override public boolean isCloseOnCompletion() throws SQLException { throw unsupported("isCloseOnCompletion"); }
    @Override public boolean isClosed() throws SQLException { throw unsupported("isClosed"); }
    @Override public boolean isPoolable() throws SQLException { throw unsupported("isPoolable"); }
    @Override public boolean isWrapperFor(Class<?> p0) throws SQLException { throw unsupported("isWrapperFor"); }
    @Override public void setArray(int p0, Array p1) throws SQLException { throw unsupported("setArray"); }
    @Override public void setAsciiStream(int p0, java.io.InputStream p1, int p2) throws SQLException { throw unsupported("setAsciiStream"); }
    @Override public void setAsciiStream(int p0, java.io.InputStream p1, long p2) throws SQLException { throw unsupported("setAsciiStream"); }
    @Override public void setAsciiStream(int p0, java.io.InputStream p1) throws SQLException { throw unsupported("setAsciiStream"); }
    @Override public void setBigDecimal(int p0, java.math.BigDecimal p1) throws SQLException { throw unsupported("setBigDecimal"); }
    @Override public void setBinaryStream(int p0, java.io.InputStream p1, int p2) throws SQLException { throw unsupported("setBinaryStream"); }
    @Override public void setBinaryStream(int p0, java.io.InputStream p1, long p2) throws SQLException { throw unsupported("setBinaryStream"); }
    @Override public void setBinaryStream(int p0, java.io.InputStream p1) throws SQLException { throw unsupported("setBinaryStream"); }
    @Override public void setBlob(int p0, java.io.InputStream p1, long p2) throws SQLException { throw unsupported("setBlob"); }
    @Override public void setBlob(int p0, java.io.InputStream p1) throws SQLException { throw unsupported("setBlob"); }
    @Override public void setBlob(int p0, Blob p1) throws SQLException { throw unsupported("setBlob"); }
    @Override public void setBoolean(int p0, boolean p1) throws SQLException { throw unsupported("setBoolean"); }
    @Override public void setByte(int p0, byte p1) throws SQLException { throw unsupported("setByte"); }
    @Override public void setBytes(int p0, byte[] p1) throws SQLException { throw unsupported("setBytes"); }
    @Override public void setCharacterStream(int p0, java.io.Reader p1, int p2) throws SQLException { throw unsupported("setCharacterStream"); }
    @Override public void setCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException { throw unsupported("setCharacterStream"); }
    @Override public void setCharacterStream(int p0, java.io.Reader p1) throws SQLException { throw unsupported("setCharacterStream"); }
    @Override public void setClob(int p0, java.io.Reader p1, long p2) throws SQLException { throw unsupported("setClob"); }
    @Override public void setClob(int p0, java.io.Reader p1) throws SQLException { throw unsupported("setClob"); }
    @Override public void setClob(int p0, Clob p1) throws SQLException { throw unsupported("setClob"); }
    @Override public void setCursorName(String p0) throws SQLException { throw unsupported("setCursorName"); }
    @Override public void setDate(int p0, Date p1, java.util.Calendar p2) throws SQLException { throw unsupported("setDate"); }
    @Override public void setDate(int p0, Date p1) throws SQLException { throw unsupported("setDate"); }
    @Override public void setDouble(int p0, double p1) throws SQLException { throw unsupported("setDouble"); }
    @Override public void setEscapeProcessing(boolean p0) throws SQLException { throw unsupported("setEscapeProcessing"); }
    @Override public void setFetchDirection(int p0) throws SQLException { throw unsupported("setFetchDirection"); }
    @Override public void setFetchSize(int p0) throws SQLException { throw unsupported("setFetchSize"); }
    @Override public void setFloat(int p0, float p1) throws SQLException { throw unsupported("setFloat"); }
    @Override public void setInt(int p0, int p1) throws SQLException { throw unsupported("setInt"); }
    @Override public void setLong(int p0, long p1) throws SQLException { throw unsupported("setLong"); }
    @Override public void setMaxFieldSize(int p0) throws SQLException { throw unsupported("setMaxFieldSize"); }
    @Override public void setMaxRows(int p0) throws SQLException { throw unsupported("setMaxRows"); }
    @Override public void setNCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException { throw unsupported("setNCharacterStream"); }
    @Override public void setNCharacterStream(int p0, java.io.Reader p1) throws SQLException { throw unsupported("setNCharacterStream"); }
    @Override public void setNClob(int p0, java.io.Reader p1, long p2) throws SQLException { throw unsupported("setNClob"); }
    @Override public void setNClob(int p0, java.io.Reader p1) throws SQLException { throw unsupported("setNClob"); }
    @Override public void setNClob(int p0, NClob p1) throws SQLException { throw unsupported("setNClob"); }
    @Override public void setNString(int p0, String p1) throws SQLException { throw unsupported("setNString"); }
    @Override public void setNull(int p0, int p1, String p2) throws SQLException { throw unsupported("setNull"); }
    @Override public void setNull(int p0, int p1) throws SQLException { throw unsupported("setNull"); }
    @Override public void setObject(int p0, Object p1, int p2, int p3) throws SQLException { throw unsupported("setObject"); }
    @Override public void setObject(int p0, Object p1, int p2) throws SQLException { throw unsupported("setObject"); }
    @Override public void setObject(int p0, Object p1) throws SQLException { throw unsupported("setObject"); }
    @Override public void setPoolable(boolean p0) throws SQLException { throw unsupported("setPoolable"); }
    @Override public void setQueryTimeout(int p0) throws SQLException { throw unsupported("setQueryTimeout"); }
    @Override public void setRef(int p0, Ref p1) throws SQLException { throw unsupported("setRef"); }
    @Override public void setRowId(int p0, RowId p1) throws SQLException { throw unsupported("setRowId"); }
    @Override public void setSQLXML(int p0, SQLXML p1) throws SQLException { throw unsupported("setSQLXML"); }
    @Override public void setShort(int p0, short p1) throws SQLException { throw unsupported("setShort"); }
    @Override public void setString(int p0, String p1) throws SQLException { throw unsupported("setString"); }
    @Override public void setTime(int p0, Time p1, java.util.Calendar p2) throws SQLException { throw unsupported("setTime"); }
    @Override public void setTime(int p0, Time p1) throws SQLException { throw unsupported("setTime"); }
    @Override public void setTimestamp(int p0, Timestamp p1, java.util.Calendar p2) throws SQLException { throw unsupported("setTimestamp"); }
    @Override public void setTimestamp(int p0, Timestamp p1) throws SQLException { throw unsupported("setTimestamp"); }
    @Override public void setURL(int p0, java.net.URL p1) throws SQLException { throw unsupported("setURL"); }
    @Override public void setUnicodeStream(int p0, java.io.InputStream p1, int p2) throws SQLException { throw unsupported("setUnicodeStream"); }
    @Override public <T> T unwrap(Class<T> p0) throws SQLException { throw unsupported("unwrap"); }
}
