package dev.poolbench.webapp.metrics;

import javax.sql.DataSource;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/** No pool, no queue: pending stays 0 (connect time shows in acquire time), 9 connections made. */
class NoPoolContentionIT extends PoolContentionIT {

    @Override
    DataSource createPool(String jdbcUrl) throws Exception {
        return new SimpleDriverDataSource(new com.mysql.cj.jdbc.Driver(), jdbcUrl, "root", "");
    }

    @Override
    void closePool(DataSource pool) {
    }

    @Override
    boolean pooled() {
        return false;
    }

    @Override
    String profile() {
        return "nopool";
    }
}
