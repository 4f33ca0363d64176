package dev.poolbench.webapp.metrics;

class Dbcp2PoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "dbcp2";
    }
}
