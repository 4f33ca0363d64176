package dev.poolbench.webapp.metrics;

class NoPoolPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "nopool";
    }

    @Override
    boolean pooled() {
        return false;
    }
}
