package dev.poolbench.webapp.metrics;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/**
 * {@code GET :8081/actuator/poolhistograms}: the timing wrapper's acquire and hold histograms
 * since start (HdrHistogram, nanoseconds, compressed and base64-encoded), read by the comparison
 * runner once a second for exact per-run and per-second percentiles (docs/pool-metrics.md); and
 * {@code inUseNanos}, the nanoseconds since start spent at each in-use count (index k: k in use,
 * counted up to {@code readNanos}, the wrapper's clock at this read; {@code inUseNow}: in use then).
 * {@code {"wrapper": "off"}} when {@code POOLBENCH_POOL_METRICS=off}.
 */
@Component
@Endpoint(id = "poolhistograms")
class PoolHistogramsEndpoint {

    private final ObjectProvider<DataSource> dataSources;

    PoolHistogramsEndpoint(ObjectProvider<DataSource> dataSources) {
        this.dataSources = dataSources;
    }

    @ReadOperation
    Map<String, Object> histograms() {
        Map<String, Object> m = new LinkedHashMap<>();
        TimedDataSource wrapper = wrapper();
        if (wrapper == null) {
            m.put("wrapper", "off");
            return m;
        }
        PoolHistograms h = wrapper.histograms();
        m.put("schema", 1);
        m.put("wrapper", "on");
        m.put("unit", "nanoseconds");
        m.put("acquireCount", h.acquireCount());
        m.put("acquire", h.acquireEncoded());
        m.put("holdCount", h.holdCount());
        m.put("hold", h.holdEncoded());
        InUseOccupancy.Snapshot occupancy = wrapper.occupancy().read();
        m.put("inUseNanos", occupancy.nanosAtLevel());
        m.put("inUseNow", occupancy.inUse());
        m.put("readNanos", occupancy.readNanos());
        return m;
    }

    private TimedDataSource wrapper() {
        DataSource ds = dataSources.getIfUnique();
        try {
            return ds != null && ds.isWrapperFor(TimedDataSource.class) ? ds.unwrap(TimedDataSource.class) : null;
        } catch (SQLException e) {
            return null;
        }
    }
}
