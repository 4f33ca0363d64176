package dev.poolbench.webapp.metrics;

class TomcatPoolMetricsEndpointIT extends AbstractPoolMetricsEndpointIT {

    @Override
    String profile() {
        return "tomcat";
    }
}
