package dev.poolbench.webapp.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.mock.env.MockEnvironment;

/** The wrapper's bookkeeping without a database. */
class TimedDataSourceTest {

    /** Hands out stub connections, or throws once told to; unwrap throws like Commons DBCP 1.4. */
    static final class StubDataSource extends AbstractDataSource {
        final List<String> calls = new ArrayList<>();
        boolean fail;

        @Override
        public Connection getConnection() throws SQLException {
            if (fail) {
                throw new SQLTransientConnectionException("timeout after 30000 ms");
            }
            return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                    (proxy, method, args) -> {
                        if (method.getDeclaringClass() != Object.class) {
                            calls.add(method.getName());
                        }
                        return switch (method.getName()) {
                            case "isClosed", "isWrapperFor" -> false;
                            case "unwrap" -> throw new SQLException("not a wrapper");
                            case "hashCode" -> System.identityHashCode(proxy);
                            case "equals" -> proxy == args[0];
                            default -> null;
                        };
                    });
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("StubDataSource is not a wrapper.");
        }
    }

    private final StubDataSource stub = new StubDataSource();
    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final TimedDataSource wrapper = new TimedDataSource(stub, true);

    TimedDataSourceTest() {
        PoolMetricsConfiguration.bind(registry, "dbcp", wrapper);
    }

    @Test
    void failedGetConnectionCountsAsTimeoutAndIsNotTimed() {
        stub.fail = true;
        assertThatThrownBy(wrapper::getConnection).isInstanceOf(SQLTransientConnectionException.class);
        assertThat(registry.get("poolbench.pool.acquire.timeouts").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("poolbench.pool.acquire").timer().count()).isZero();
        assertThat(wrapper.pendingNow()).isZero();
    }

    @Test
    void holdIsRecordedOnceEvenWhenClosedTwice() throws SQLException {
        Connection connection = wrapper.getConnection();
        assertThat(wrapper.inUseNow()).isEqualTo(1);
        connection.close();
        connection.close();
        assertThat(registry.get("poolbench.pool.hold").timer().count()).isEqualTo(1);
        assertThat(wrapper.inUseNow()).isZero();
        assertThat(stub.calls).containsExactly("unwrap", "close", "close");
    }

    @Test
    void forwardsOnlyWhatTheApplicationCalls() throws SQLException {
        try (Connection connection = wrapper.getConnection()) {
            connection.setAutoCommit(true);
        }
        // Never getSchema/getNetworkTimeout/...: Commons DBCP 1.4 would throw AbstractMethodError.
        assertThat(stub.calls).containsExactly("unwrap", "setAutoCommit", "close");
    }

    @Test
    void physicalConnectionsAreCountedOncePerDistinctConnection() throws SQLException {
        Connection first = wrapper.getConnection();
        Connection second = wrapper.getConnection();
        first.close();
        second.close();
        // The stub cannot unwrap, so the proxies themselves are counted: 2 distinct.
        assertThat(registry.get("poolbench.pool.connections.opened").functionCounter().count()).isEqualTo(2);
    }

    @Test
    void unwrapFindsThePoolEvenWhenThePoolCannotUnwrap() throws SQLException {
        DataSource asBean = wrapper;
        assertThat(asBean.isWrapperFor(StubDataSource.class)).isTrue();
        assertThat(asBean.unwrap(StubDataSource.class)).isSameAs(stub);
        assertThat(asBean.unwrap(TimedDataSource.class)).isSameAs(wrapper);
        try (Connection connection = wrapper.getConnection()) {
            assertThat(connection.unwrap(TimedConnection.class)).isSameAs(connection);
        }
    }

    @Test
    void switchIsOnByDefaultAndRejectsTypos() {
        assertThat(PoolMetricsConfiguration.enabled(new MockEnvironment())).isTrue();
        assertThat(PoolMetricsConfiguration.enabled(new MockEnvironment().withProperty("poolbench.pool.metrics", "OFF")))
                .isFalse();
        assertThatThrownBy(() -> PoolMetricsConfiguration.enabled(
                new MockEnvironment().withProperty("poolbench.pool.metrics", "yes")))
                .hasMessageContaining("POOLBENCH_POOL_METRICS");
    }
}
