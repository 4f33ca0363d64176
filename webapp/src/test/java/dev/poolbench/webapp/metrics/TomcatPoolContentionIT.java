package dev.poolbench.webapp.metrics;

import javax.sql.DataSource;

class TomcatPoolContentionIT extends PoolContentionIT {

    @Override
    DataSource createPool(String jdbcUrl) {
        org.apache.tomcat.jdbc.pool.DataSource pool = new org.apache.tomcat.jdbc.pool.DataSource();
        pool.setDriverClassName("com.mysql.cj.jdbc.Driver");
        pool.setUrl(jdbcUrl);
        pool.setUsername("root");
        pool.setMaxActive(POOL_SIZE);
        pool.setMaxIdle(POOL_SIZE);
        pool.setMinIdle(POOL_SIZE);
        pool.setInitialSize(POOL_SIZE);
        pool.setMaxWait((int) WAIT_MILLIS);
        return pool;
    }

    @Override
    void closePool(DataSource pool) {
        ((org.apache.tomcat.jdbc.pool.DataSource) pool).close();
    }

    @Override
    String profile() {
        return "tomcat";
    }
}
