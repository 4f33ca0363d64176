package dev.poolbench.webapp.metrics;

class AgroalPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "agroal";
    }
}
