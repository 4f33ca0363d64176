package dev.poolbench.webapp.metrics;

class ViburPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "vibur";
    }
}
