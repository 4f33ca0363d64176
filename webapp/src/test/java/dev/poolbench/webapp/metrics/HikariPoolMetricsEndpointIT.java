package dev.poolbench.webapp.metrics;

class HikariPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "hikari";
    }
}
