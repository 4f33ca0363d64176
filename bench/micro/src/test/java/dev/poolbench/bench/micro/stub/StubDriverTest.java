package dev.poolbench.bench.micro.stub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolbench.webapp.pool.DatabaseSettings;
import dev.poolbench.webapp.pool.StandalonePool;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StubDriverTest {

    @Test
    void acceptsOnlyItsOwnUrls() throws SQLException {
        StubDriver driver = new StubDriver();
        assertTrue(driver.acceptsURL(StubDriver.URL));
        assertFalse(driver.acceptsURL("jdbc:mysql://127.0.0.1/x"));
        assertFalse(driver.acceptsURL(null));
        // JDBC: a driver answers null for a URL that is not its own, so DriverManager tries the next.
        assertNull(driver.connect("jdbc:h2:mem:x", new Properties()));
    }

    @Test
    void driverManagerFindsItAndSelectOneAnswersOneRow() throws SQLException {
        StubDriver.register();
        try (Connection connection = DriverManager.getConnection(StubDriver.URL, "stub", "");
                PreparedStatement statement = connection.prepareStatement("SELECT 1");
                ResultSet rows = statement.executeQuery()) {
            assertInstanceOf(StubConnection.class, connection);
            assertTrue(rows.next());
            assertEquals(1, rows.getInt(1));
            assertFalse(rows.next());
            assertThrows(SQLException.class, () -> rows.getInt(1));
        }
    }

    @Test
    void keepsTheStateThePoolsResetAndRefusesUseAfterClose() throws SQLException {
        Connection connection = new StubDriver().connect(StubDriver.URL, new Properties());
        assertTrue(connection.getAutoCommit());
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        assertFalse(connection.getAutoCommit());
        assertTrue(connection.isReadOnly());
        assertEquals(Connection.TRANSACTION_READ_COMMITTED, connection.getTransactionIsolation());
        assertTrue(connection.isValid(1));
        Statement statement = connection.createStatement();
        try (ResultSet rows = statement.executeQuery("/* ping */ SELECT 1")) {
            assertTrue(rows.next());
        }
        connection.close();
        assertTrue(connection.isClosed());
        assertFalse(connection.isValid(1));
        SQLException closed = assertThrows(SQLException.class, () -> connection.prepareStatement("SELECT 1"));
        assertEquals("08003", closed.getSQLState());
        assertThrows(SQLException.class, () -> statement.executeQuery("SELECT 1"));
    }

    @Test
    void aMethodItDoesNotImplementFailsNamingTheMethod() throws SQLException {
        try (Connection connection = new StubDriver().connect(StubDriver.URL, new Properties())) {
            SQLFeatureNotSupportedException e = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> connection.prepareCall("CALL x()"));
            assertTrue(e.getMessage().contains("Connection.prepareCall()"), e.getMessage());
        }
    }

    @Test
    void everyPoolProfileRunsOnItAndReturnsItsPhysicalConnectionsOnClose() throws SQLException, InterruptedException {
        // Also the test of StandalonePool: each profile's pool, built as the app builds it, on a
        // driver other than Connector/J, with its equalized settings read back and matching.
        DatabaseSettings stub = new DatabaseSettings(StubDriver.class.getName(), StubDriver.URL, "stub", "");
        for (String profile : StandalonePool.profiles()) {
            long openedBefore = StubDriver.opened();
            long closedBefore = StubDriver.closed();
            long openedByCycles;
            try (StandalonePool pool = StandalonePool.open(profile, stub, 3, 1_000)) {
                assertEquals(Boolean.TRUE, pool.settingsReport().get("matchesRequested"), profile);
                assertEquals("poolbench stub driver 1.0", pool.settingsReport().get("driverVersion"), profile);
                if (!profile.equals("nopool")) {
                    // HikariCP fills to its minimum idle in the background: wait for it (up to 10 s).
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (StubDriver.opened() - openedBefore < 3 && System.nanoTime() < deadline) {
                        Thread.sleep(10);
                    }
                }
                long openedAtStart = StubDriver.opened();
                for (int i = 0; i < 5; i++) {
                    try (Connection connection = pool.dataSource().getConnection();
                            PreparedStatement statement = connection.prepareStatement("SELECT 1");
                            ResultSet rows = statement.executeQuery()) {
                        assertTrue(rows.next(), profile);
                        assertEquals(1, rows.getInt(1), profile);
                    }
                }
                openedByCycles = StubDriver.opened() - openedAtStart;
            }
            // A pool borrows what it opened at start; no pool opens a physical connection per borrow.
            assertEquals(profile.equals("nopool") ? 5 : 0, openedByCycles, profile + ": connections opened by 5 cycles");
            long opened = StubDriver.opened() - openedBefore;
            assertTrue(profile.equals("nopool") || opened >= 3, profile + ": filled to its size 3, opened " + opened);
            // c3p0 closes its connections on its own helper threads after close() returns: wait (up to 10 s).
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (StubDriver.closed() - closedBefore < opened && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(opened, StubDriver.closed() - closedBefore, profile + ": every connection closed with the pool");
        }
    }
}
