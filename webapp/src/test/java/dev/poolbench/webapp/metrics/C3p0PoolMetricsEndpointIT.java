package dev.poolbench.webapp.metrics;

class C3p0PoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "c3p0";
    }
}
