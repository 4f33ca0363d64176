package dev.poolbench.bench.micro.stub;

import java.sql.*;

/**
 * Every method of {@link DatabaseMetaData} refuses with {@link SQLFeatureNotSupportedException}; the stub
 * classes override only what the pools and the benchmarks call, so a pool that starts calling
 * something new fails loudly (naming the method) instead of being measured against a silent no-op.
 * Written out method by method (no dynamic proxy), so a call costs what a real driver call costs
 * at least: a virtual call, not reflection.
 */
@SuppressWarnings({"deprecation", "checkstyle:all"})
abstract class UnsupportedDatabaseMetaData implements DatabaseMetaData {

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("poolbench stub driver: DatabaseMetaData." + method + "() is not supported");
    }

    @Override public boolean allProceduresAreCallable() throws SQLException { throw unsupported("allProceduresAreCallable"); }
    @Override public boolean allTablesAreSelectable() throws SQLException { throw unsupported("allTablesAreSelectable"); }
    @Override public boolean autoCommitFailureClosesAllResultSets() throws SQLException { throw unsupported("autoCommitFailureClosesAllResultSets"); }
    @Override public boolean dataDefinitionCausesTransactionCommit() throws SQLException { throw unsupported("dataDefinitionCausesTransactionCommit"); }
    @Override public boolean dataDefinitionIgnoredInTransactions() throws SQLException { throw unsupported("dataDefinitionIgnoredInTransactions"); }
    @Override public boolean deletesAreDetected(int p0) throws SQLException { throw unsupported("deletesAreDetected"); }
    @Override public boolean doesMaxRowSizeIncludeBlobs() throws SQLException { throw unsupported("doesMaxRowSizeIncludeBlobs"); }
    @Override public boolean generatedKeyAlwaysReturned() throws SQLException { throw unsupported("generatedKeyAlwaysReturned"); }
    @Override public ResultSet getAttributes(String p0, String p1, String p2, String p3) throws SQLException { throw unsupported("getAttributes"); }
    @Override public ResultSet getBestRowIdentifier(String p0, String p1, String p2, int p3, boolean p4) throws SQLException { throw unsupported("getBestRowIdentifier"); }
    @Override public String getCatalogSeparator() throws SQLException { throw unsupported("getCatalogSeparator"); }
    @Override public String getCatalogTerm() throws SQLException { throw unsupported("getCatalogTerm"); }
    @Override public ResultSet getCatalogs() throws SQLException { throw unsupported("getCatalogs"); }
    @Override public ResultSet getClientInfoProperties() throws SQLException { throw unsupported("getClientInfoProperties"); }
    @Override public ResultSet getColumnPrivileges(String p0, String p1, String p2, String p3) throws SQLException { throw unsupported("getColumnPrivileges"); }
    @Override public ResultSet getColumns(String p0, String p1, String p2, String p3) throws SQLException { throw unsupported("getColumns"); }
    @Override public Connection getConnection() throws SQLException { throw unsupported("getConnection"); }
    @Override public ResultSet getCrossReference(String p0, String p1, String p2, String p3, String p4, String p5) throws SQLException { throw unsupported("getCrossReference"); }
    @Override public int getDatabaseMajorVersion() throws SQLException { throw unsupported("getDatabaseMajorVersion"); }
    @Override public int getDatabaseMinorVersion() throws SQLException { throw unsupported("getDatabaseMinorVersion"); }
    @Override public String getDatabaseProductName() throws SQLException { throw unsupported("getDatabaseProductName"); }
    @Override public String getDatabaseProductVersion() throws SQLException { throw unsupported("getDatabaseProductVersion"); }
    @Override public int getDefaultTransactionIsolation() throws SQLException { throw unsupported("getDefaultTransactionIsolation"); }
    @Override public int getDriverMajorVersion() { return 1; }
    @Override public int getDriverMinorVersion() { return 0; }
    @Override public String getDriverName() throws SQLException { throw unsupported("getDriverName"); }
    @Override public String getDriverVersion() throws SQLException { throw unsupported("getDriverVersion"); }
    @Override public ResultSet getExportedKeys(String p0, String p1, String p2) throws SQLException { throw unsupported("getExportedKeys"); }
    @Override public String getExtraNameCharacters() throws SQLException { throw unsupported("getExtraNameCharacters"); }
    @Override public ResultSet getFunctionColumns(String p0, String p1, String p2, String p3) throws SQLException { throw unsupported("getFunctionColumns"); }
    @Override public ResultSet getFunctions(String p0, String p1, String p2) throws SQLException { throw unsupported("getFunctions"); }
    @Override public String getIdentifierQuoteString() throws SQLException { throw unsupported("getIdentifierQuoteString"); }
    @Override public ResultSet getImportedKeys(String p0, String p1, String p2) throws SQLException { throw unsupported("getImportedKeys"); }
    @Override public ResultSet getIndexInfo(String p0, String p1, String p2, boolean p3, boolean p4) throws SQLException { throw unsupported("getIndexInfo"); }
    @Override public int getJDBCMajorVersion() throws SQLException { throw unsupported("getJDBCMajorVersion"); }
    @Override public int getJDBCMinorVersion() throws SQLException { throw unsupported("getJDBCMinorVersion"); }
    @Override public int getMaxBinaryLiteralLength() throws SQLException { throw unsupported("getMaxBinaryLiteralLength"); }
    @Override public int getMaxCatalogNameLength() throws SQLException { throw unsupported("getMaxCatalogNameLength"); }
    @Override public int getMaxCharLiteralLength() throws SQLException { throw unsupported("getMaxCharLiteralLength"); }
    @Override public int getMaxColumnNameLength() throws SQLException { throw unsupported("getMaxColumnNameLength"); }
    @Override public int getMaxColumnsInGroupBy() throws SQLException { throw unsupported("getMaxColumnsInGroupBy"); }
    @Override public int getMaxColumnsInIndex() throws SQLException { throw unsupported("getMaxColumnsInIndex"); }
    @Override public int getMaxColumnsInOrderBy() throws SQLException { throw unsupported("getMaxColumnsInOrderBy"); }
    @Override public int getMaxColumnsInSelect() throws SQLException { throw unsupported("getMaxColumnsInSelect"); }
    @Override public int getMaxColumnsInTable() throws SQLException { throw unsupported("getMaxColumnsInTable"); }
    @Override public int getMaxConnections() throws SQLException { throw unsupported("getMaxConnections"); }
    @Override public int getMaxCursorNameLength() throws SQLException { throw unsupported("getMaxCursorNameLength"); }
    @Override public int getMaxIndexLength() throws SQLException { throw unsupported("getMaxIndexLength"); }
    @Override public int getMaxProcedureNameLength() throws SQLException { throw unsupported("getMaxProcedureNameLength"); }
    @Override public int getMaxRowSize() throws SQLException { throw unsupported("getMaxRowSize"); }
    @Override public int getMaxSchemaNameLength() throws SQLException { throw unsupported("getMaxSchemaNameLength"); }
    @Override public int getMaxStatementLength() throws SQLException { throw unsupported("getMaxStatementLength"); }
    @Override public int getMaxStatements() throws SQLException { throw unsupported("getMaxStatements"); }
    @Override public int getMaxTableNameLength() throws SQLException { throw unsupported("getMaxTableNameLength"); }
    @Override public int getMaxTablesInSelect() throws SQLException { throw unsupported("getMaxTablesInSelect"); }
    @Override public int getMaxUserNameLength() throws SQLException { throw unsupported("getMaxUserNameLength"); }
    @Override public String getNumericFunctions() throws SQLException { throw unsupported("getNumericFunctions"); }
    @Override public ResultSet getPrimaryKeys(String p0, String p1, String p2) throws SQLException { throw unsupported("getPrimaryKeys"); }
    @Override public ResultSet getProcedureColumns(String p0, String p1, String p2, String p3) throws SQLException { throw unsupported("getProcedureColumns"); }
    @Override public String getProcedureTerm() throws SQLException { throw unsupported("getProcedureTerm"); }
    @Override public ResultSet getProcedures(String p0, String p1, String p2) throws SQLException { throw unsupported("getProcedures"); }
    @Override public ResultSet getPseudoColumns(String p0, String p1, String p2, String p3) throws SQLException { throw unsupported("getPseudoColumns"); }
    @Override public int getResultSetHoldability() throws SQLException { throw unsupported("getResultSetHoldability"); }
    @Override public RowIdLifetime getRowIdLifetime() throws SQLException { throw unsupported("getRowIdLifetime"); }
    @Override public String getSQLKeywords() throws SQLException { throw unsupported("getSQLKeywords"); }
    @Override public int getSQLStateType() throws SQLException { throw unsupported("getSQLStateType"); }
    @Override public String getSchemaTerm() throws SQLException { throw unsupported("getSchemaTerm"); }
    @Override public ResultSet getSchemas() throws SQLException { throw unsupported("getSchemas"); }
    @Override public ResultSet getSchemas(String p0, String p1) throws SQLException { throw unsupported("getSchemas"); }
    @Override public String getSearchStringEscape() throws SQLException { throw unsupported("getSearchStringEscape"); }
    @Override public String getStringFunctions() throws SQLException { throw unsupported("getStringFunctions"); }
    @Override public ResultSet getSuperTables(String p0, String p1, String p2) throws SQLException { throw unsupported("getSuperTables"); }
    @Override public ResultSet getSuperTypes(String p0, String p1, String p2) throws SQLException { throw unsupported("getSuperTypes"); }
    @Override public String getSystemFunctions() throws SQLException { throw unsupported("getSystemFunctions"); }
    @Override public ResultSet getTablePrivileges(String p0, String p1, String p2) throws SQLException { throw unsupported("getTablePrivileges"); }
    @Override public ResultSet getTableTypes() throws SQLException { throw unsupported("getTableTypes"); }
    @Override public ResultSet getTables(String p0, String p1, String p2, String[] p3) throws SQLException { throw unsupported("getTables"); }
    @Override public String getTimeDateFunctions() throws SQLException { throw unsupported("getTimeDateFunctions"); }
    @Override public ResultSet getTypeInfo() throws SQLException { throw unsupported("getTypeInfo"); }
    @Override public ResultSet getUDTs(String p0, String p1, String p2, int[] p3) throws SQLException { throw unsupported("getUDTs"); }
    @Override public String getURL() throws SQLException { throw unsupported("getURL"); }
    @Override public String getUserName() throws SQLException { throw unsupported("getUserName"); }
    @Override public ResultSet getVersionColumns(String p0, String p1, String p2) throws SQLException { throw unsupported("getVersionColumns"); }
    @Override public boolean insertsAreDetected(int p0) throws SQLException { throw unsupported("insertsAreDetected"); }
    @Override public boolean isCatalogAtStart() throws SQLException { throw unsupported("isCatalogAtStart"); }
    @Override public boolean isReadOnly() throws SQLException { throw unsupported("isReadOnly"); }
    @Override public boolean isWrapperFor(Class<?> p0) throws SQLException { throw unsupported("isWrapperFor"); }
    @Override public boolean locatorsUpdateCopy() throws SQLException { throw unsupported("locatorsUpdateCopy"); }
    @Override public boolean nullPlusNonNullIsNull() throws SQLException { throw unsupported("nullPlusNonNullIsNull"); }
    @Override public boolean nullsAreSortedAtEnd() throws SQLException { throw unsupported("nullsAreSortedAtEnd"); }
    @Override public boolean nullsAreSortedAtStart() throws SQLException { throw unsupported("nullsAreSortedAtStart"); }
    @Override public boolean nullsAreSortedHigh() throws SQLException { throw unsupported("nullsAreSortedHigh"); }
    @Override public boolean nullsAreSortedLow() throws SQLException { throw unsupported("nullsAreSortedLow"); }
    @Override public boolean othersDeletesAreVisible(int p0) throws SQLException { throw unsupported("othersDeletesAreVisible"); }
    @Override public boolean othersInsertsAreVisible(int p0) throws SQLException { throw unsupported("othersInsertsAreVisible"); }
    @Override public boolean othersUpdatesAreVisible(int p0) throws SQLException { throw unsupported("othersUpdatesAreVisible"); }
    @Override public boolean ownDeletesAreVisible(int p0) throws SQLException { throw unsupported("ownDeletesAreVisible"); }
    @Override public boolean ownInsertsAreVisible(int p0) throws SQLException { throw unsupported("ownInsertsAreVisible"); }
    @Override public boolean ownUpdatesAreVisible(int p0) throws SQLException { throw unsupported("ownUpdatesAreVisible"); }
    @Override public boolean storesLowerCaseIdentifiers() throws SQLException { throw unsupported("storesLowerCaseIdentifiers"); }
    @Override public boolean storesLowerCaseQuotedIdentifiers() throws SQLException { throw unsupported("storesLowerCaseQuotedIdentifiers"); }
    @Override public boolean storesMixedCaseIdentifiers() throws SQLException { throw unsupported("storesMixedCaseIdentifiers"); }
    @Override public boolean storesMixedCaseQuotedIdentifiers() throws SQLException { throw unsupported("storesMixedCaseQuotedIdentifiers"); }
    @Override public boolean storesUpperCaseIdentifiers() throws SQLException { throw unsupported("storesUpperCaseIdentifiers"); }
    @Override public boolean storesUpperCaseQuotedIdentifiers() throws SQLException { throw unsupported("storesUpperCaseQuotedIdentifiers"); }
    @Override public boolean supportsANSI92EntryLevelSQL() throws SQLException { throw unsupported("supportsANSI92EntryLevelSQL"); }
    @Override public boolean supportsANSI92FullSQL() throws SQLException { throw unsupported("supportsANSI92FullSQL"); }
    @Override public boolean supportsANSI92IntermediateSQL() throws SQLException { throw unsupported("supportsANSI92IntermediateSQL"); }
    @Override public boolean supportsAlterTableWithAddColumn() throws SQLException { throw unsupported("supportsAlterTableWithAddColumn"); }
    @Override public boolean supportsAlterTableWithDropColumn() throws SQLException { throw unsupported("supportsAlterTableWithDropColumn"); }
    @Override public boolean supportsBatchUpdates() throws SQLException { throw unsupported("supportsBatchUpdates"); }
    @Override public boolean supportsCatalogsInDataManipulation() throws SQLException { throw unsupported("supportsCatalogsInDataManipulation"); }
    @Override public boolean supportsCatalogsInIndexDefinitions() throws SQLException { throw unsupported("supportsCatalogsInIndexDefinitions"); }
    @Override public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException { throw unsupported("supportsCatalogsInPrivilegeDefinitions"); }
    @Override public boolean supportsCatalogsInProcedureCalls() throws SQLException { throw unsupported("supportsCatalogsInProcedureCalls"); }
    @Override public boolean supportsCatalogsInTableDefinitions() throws SQLException { throw unsupported("supportsCatalogsInTableDefinitions"); }
    @Override public boolean supportsColumnAliasing() throws SQLException { throw unsupported("supportsColumnAliasing"); }
    @Override public boolean supportsConvert() throws SQLException { throw unsupported("supportsConvert"); }
    @Override public boolean supportsConvert(int p0, int p1) throws SQLException { throw unsupported("supportsConvert"); }
    @Override public boolean supportsCoreSQLGrammar() throws SQLException { throw unsupported("supportsCoreSQLGrammar"); }
    @Override public boolean supportsCorrelatedSubqueries() throws SQLException { throw unsupported("supportsCorrelatedSubqueries"); }
    @Override public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException { throw unsupported("supportsDataDefinitionAndDataManipulationTransactions"); }
    @Override public boolean supportsDataManipulationTransactionsOnly() throws SQLException { throw unsupported("supportsDataManipulationTransactionsOnly"); }
    @Override public boolean supportsDifferentTableCorrelationNames() throws SQLException { throw unsupported("supportsDifferentTableCorrelationNames"); }
    @Override public boolean supportsExpressionsInOrderBy() throws SQLException { throw unsupported("supportsExpressionsInOrderBy"); }
    @Override public boolean supportsExtendedSQLGrammar() throws SQLException { throw unsupported("supportsExtendedSQLGrammar"); }
    @Override public boolean supportsFullOuterJoins() throws SQLException { throw unsupported("supportsFullOuterJoins"); }
    @Override public boolean supportsGetGeneratedKeys() throws SQLException { throw unsupported("supportsGetGeneratedKeys"); }
    @Override public boolean supportsGroupBy() throws SQLException { throw unsupported("supportsGroupBy"); }
    @Override public boolean supportsGroupByBeyondSelect() throws SQLException { throw unsupported("supportsGroupByBeyondSelect"); }
    @Override public boolean supportsGroupByUnrelated() throws SQLException { throw unsupported("supportsGroupByUnrelated"); }
    @Override public boolean supportsIntegrityEnhancementFacility() throws SQLException { throw unsupported("supportsIntegrityEnhancementFacility"); }
    @Override public boolean supportsLikeEscapeClause() throws SQLException { throw unsupported("supportsLikeEscapeClause"); }
    @Override public boolean supportsLimitedOuterJoins() throws SQLException { throw unsupported("supportsLimitedOuterJoins"); }
    @Override public boolean supportsMinimumSQLGrammar() throws SQLException { throw unsupported("supportsMinimumSQLGrammar"); }
    @Override public boolean supportsMixedCaseIdentifiers() throws SQLException { throw unsupported("supportsMixedCaseIdentifiers"); }
    @Override public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException { throw unsupported("supportsMixedCaseQuotedIdentifiers"); }
    @Override public boolean supportsMultipleOpenResults() throws SQLException { throw unsupported("supportsMultipleOpenResults"); }
    @Override public boolean supportsMultipleResultSets() throws SQLException { throw unsupported("supportsMultipleResultSets"); }
    @Override public boolean supportsMultipleTransactions() throws SQLException { throw unsupported("supportsMultipleTransactions"); }
    @Override public boolean supportsNamedParameters() throws SQLException { throw unsupported("supportsNamedParameters"); }
    @Override public boolean supportsNonNullableColumns() throws SQLException { throw unsupported("supportsNonNullableColumns"); }
    @Override public boolean supportsOpenCursorsAcrossCommit() throws SQLException { throw unsupported("supportsOpenCursorsAcrossCommit"); }
    @Override public boolean supportsOpenCursorsAcrossRollback() throws SQLException { throw unsupported("supportsOpenCursorsAcrossRollback"); }
    @Override public boolean supportsOpenStatementsAcrossCommit() throws SQLException { throw unsupported("supportsOpenStatementsAcrossCommit"); }
    @Override public boolean supportsOpenStatementsAcrossRollback() throws SQLException { throw unsupported("supportsOpenStatementsAcrossRollback"); }
    @Override public boolean supportsOrderByUnrelated() throws SQLException { throw unsupported("supportsOrderByUnrelated"); }
    @Override public boolean supportsOuterJoins() throws SQLException { throw unsupported("supportsOuterJoins"); }
    @Override public boolean supportsPositionedDelete() throws SQLException { throw unsupported("supportsPositionedDelete"); }
    @Override public boolean supportsPositionedUpdate() throws SQLException { throw unsupported("supportsPositionedUpdate"); }
    @Override public boolean supportsResultSetConcurrency(int p0, int p1) throws SQLException { throw unsupported("supportsResultSetConcurrency"); }
    @Override public boolean supportsResultSetHoldability(int p0) throws SQLException { throw unsupported("supportsResultSetHoldability"); }
    @Override public boolean supportsResultSetType(int p0) throws SQLException { throw unsupported("supportsResultSetType"); }
    @Override public boolean supportsSavepoints() throws SQLException { throw unsupported("supportsSavepoints"); }
    @Override public boolean supportsSchemasInDataManipulation() throws SQLException { throw unsupported("supportsSchemasInDataManipulation"); }
    @Override public boolean supportsSchemasInIndexDefinitions() throws SQLException { throw unsupported("supportsSchemasInIndexDefinitions"); }
    @Override public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException { throw unsupported("supportsSchemasInPrivilegeDefinitions"); }
    @Override public boolean supportsSchemasInProcedureCalls() throws SQLException { throw unsupported("supportsSchemasInProcedureCalls"); }
    @Override public boolean supportsSchemasInTableDefinitions() throws SQLException { throw unsupported("supportsSchemasInTableDefinitions"); }
    @Override public boolean supportsSelectForUpdate() throws SQLException { throw unsupported("supportsSelectForUpdate"); }
    @Override public boolean supportsStatementPooling() throws SQLException { throw unsupported("supportsStatementPooling"); }
    @Override public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException { throw unsupported("supportsStoredFunctionsUsingCallSyntax"); }
    @Override public boolean supportsStoredProcedures() throws SQLException { throw unsupported("supportsStoredProcedures"); }
    @Override public boolean supportsSubqueriesInComparisons() throws SQLException { throw unsupported("supportsSubqueriesInComparisons"); }
    @Override public boolean supportsSubqueriesInExists() throws SQLException { throw unsupported("supportsSubqueriesInExists"); }
    @Override public boolean supportsSubqueriesInIns() throws SQLException { throw unsupported("supportsSubqueriesInIns"); }
    @Override public boolean supportsSubqueriesInQuantifieds() throws SQLException { throw unsupported("supportsSubqueriesInQuantifieds"); }
    @Override public boolean supportsTableCorrelationNames() throws SQLException { throw unsupported("supportsTableCorrelationNames"); }
    @Override public boolean supportsTransactionIsolationLevel(int p0) throws SQLException { throw unsupported("supportsTransactionIsolationLevel"); }
    @Override public boolean supportsTransactions() throws SQLException { throw unsupported("supportsTransactions"); }
    @Override public boolean supportsUnion() throws SQLException { throw unsupported("supportsUnion"); }
    @Override public boolean supportsUnionAll() throws SQLException { throw unsupported("supportsUnionAll"); }
    @Override public <T> T unwrap(Class<T> p0) throws SQLException { throw unsupported("unwrap"); }
    @Override public boolean updatesAreDetected(int p0) throws SQLException { throw unsupported("updatesAreDetected"); }
    @Override public boolean usesLocalFilePerTable() throws SQLException { throw unsupported("usesLocalFilePerTable"); }
    @Override public boolean usesLocalFiles() throws SQLException { throw unsupported("usesLocalFiles"); }
}
