package dev.poolbench.webapp.metrics;

import java.time.Duration;
import javax.sql.DataSource;
import org.apache.commons.dbcp2.BasicDataSource;

class Dbcp2PoolContentionIT extends PoolContentionIT {

    @Override
    DataSource createPool(String jdbcUrl) {
        BasicDataSource pool = new BasicDataSource();
        pool.setDriverClassName("com.mysql.cj.jdbc.Driver");
        pool.setUrl(jdbcUrl);
        pool.setUsername("root");
        pool.setMaxTotal(POOL_SIZE);
        pool.setMaxIdle(POOL_SIZE);
        pool.setMinIdle(POOL_SIZE);
        pool.setInitialSize(POOL_SIZE);
        pool.setMaxWait(Duration.ofMillis(WAIT_MILLIS));
        return pool;
    }

    @Override
    void closePool(DataSource pool) throws Exception {
        ((BasicDataSource) pool).close();
    }

    @Override
    String profile() {
        return "dbcp2";
    }
}
