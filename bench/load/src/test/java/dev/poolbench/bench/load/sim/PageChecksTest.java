package dev.poolbench.bench.load.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.poolbench.bench.load.check.AssetManifest;
import dev.poolbench.bench.load.score.Scorer;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageChecksTest {
    private final PageChecks checks = new PageChecks(new Scorer(1, null), new AssetManifest(Map.of()), "http://127.0.0.1:8080");

    @Test
    void loadStaysOnTheBaseUrl() {
        assertEquals("/mypage", checks.sameOrigin("/mypage"));
        assertEquals("/mypage", checks.sameOrigin("http://127.0.0.1:8080/mypage"));
        assertEquals("/", checks.sameOrigin("http://127.0.0.1:8080"));
        assertEquals("/css/a.css", checks.sameOrigin("css/a.css"));
        assertNull(checks.sameOrigin("https://cdn.example.com/bootstrap.css"));
        assertNull(checks.sameOrigin("//cdn.example.com/x.js"));
        assertNull(checks.sameOrigin("http://127.0.0.1:80801/x"));
    }
}
