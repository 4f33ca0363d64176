package dev.poolbench.webapp.metrics;

import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;

class HikariPoolContentionIT extends PoolContentionIT {

    @Override
    DataSource createPool(String jdbcUrl) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(jdbcUrl);
        pool.setUsername("root");
        pool.setMaximumPoolSize(POOL_SIZE);
        pool.setMinimumIdle(POOL_SIZE);
        pool.setConnectionTimeout(WAIT_MILLIS);
        return pool;
    }

    @Override
    void closePool(DataSource pool) {
        ((HikariDataSource) pool).close();
    }

    @Override
    String profile() {
        return "hikari";
    }
}
