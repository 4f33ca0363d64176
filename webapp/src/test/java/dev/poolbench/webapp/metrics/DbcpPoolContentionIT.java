package dev.poolbench.webapp.metrics;

import javax.sql.DataSource;
import org.apache.commons.dbcp.BasicDataSource;

/** Commons DBCP 1.4: pending comes from the wrapper (the pool does not count waiters). */
class DbcpPoolContentionIT extends PoolContentionIT {

    @Override
    DataSource createPool(String jdbcUrl) {
        BasicDataSource pool = new BasicDataSource();
        pool.setDriverClassName("com.mysql.cj.jdbc.Driver");
        pool.setUrl(jdbcUrl);
        pool.setUsername("root");
        pool.setMaxActive(POOL_SIZE);
        pool.setMaxIdle(POOL_SIZE);
        pool.setMinIdle(POOL_SIZE);
        pool.setInitialSize(POOL_SIZE);
        pool.setMaxWait(WAIT_MILLIS);
        return pool;
    }

    @Override
    void closePool(DataSource pool) throws Exception {
        ((BasicDataSource) pool).close();
    }

    @Override
    String profile() {
        return "dbcp";
    }
}
