package dev.poolbench.webapp.metrics;

class UcpPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "ucp";
    }
}
