package dev.poolbench.webapp.pool;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * HikariCP's {@code exceptionOverrideClassName} under evict-read-only: a connection whose statement a
 * read-only server refused ({@link ReadOnlyServer}) is evicted (MUST_EVICT, HikariCP 6.2+), the
 * rest left to HikariCP's own verdict (CONTINUE_EVICT: its SQLState and error-code lists). HikariCP
 * validates a borrowed connection only after 500 ms idle, and then with isValid(), which a read-only
 * server passes, so without this it keeps lending connections to an old primary until maxLifetime.
 * Public with a public constructor: HikariCP creates it from its name.
 */
public final class HikariReadOnlyEviction implements SQLExceptionOverride {

    @java.lang.Override // the simple name is the interface's enum here
    public SQLExceptionOverride.Override adjudicate(SQLException sqlException) {
        return ReadOnlyServer.refused(sqlException) ? SQLExceptionOverride.Override.MUST_EVICT
                : SQLExceptionOverride.Override.CONTINUE_EVICT;
    }
}
