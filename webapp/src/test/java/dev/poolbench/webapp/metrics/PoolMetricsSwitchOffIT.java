package dev.poolbench.webapp.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/** POOLBENCH_POOL_METRICS=off: the pool bean is left as it is and only the info gauge says so. */
class PoolMetricsSwitchOffIT {

    @Test
    void offLeavesThePoolUnwrapped() throws Exception {
        try (ConfigurableApplicationContext app = AbstractPoolMetricsEndpointIT.start("hikari", "off")) {
            assertThat(app.getBean(DataSource.class)).isNotInstanceOf(TimedDataSource.class);
            String scrape = AbstractPoolMetricsEndpointIT.get("http://127.0.0.1:"
                    + app.getEnvironment().getProperty("local.management.port") + "/actuator/prometheus");
            assertThat(AbstractPoolMetricsEndpointIT.poolSeries(scrape)).containsExactly("poolbench_pool_info");
            assertThat(scrape).contains("wrapper=\"off\"").contains("jvm_threads_live_threads")
                    .doesNotContain("hikaricp_");
            String histograms = AbstractPoolMetricsEndpointIT.get("http://127.0.0.1:"
                    + app.getEnvironment().getProperty("local.management.port") + "/actuator/poolhistograms");
            assertThat(histograms).isEqualTo("{\"wrapper\":\"off\"}");
        }
    }
}
