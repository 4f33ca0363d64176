package dev.poolbench.webapp.metrics;

class DbcpPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "dbcp";
    }
}
