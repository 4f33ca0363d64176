package dev.poolbench.webapp.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * {@code /stylesheets/bootstrap.min.css} straight from the Bootstrap 3.2.0 WebJar, byte-identical to
 * the contest's file (MD5 385b964b68acb68d23cb43a5218fade9); no other WebJar file is served.
 * Read from the WebJar once and held in memory: every page of the bench fetches these 110 KB, and
 * a class-path resource is looked up in its jar and inflated again on every request (a fifth of
 * the app's CPU under the bench, docs/app-performance.md). Same bytes, same headers.
 */
@Controller
class BootstrapCssController {

    static final String WEBJAR_PATH = "META-INF/resources/webjars/bootstrap/3.2.0/css/bootstrap.min.css";
    private static final Resource BOOTSTRAP_CSS = inMemory(new ClassPathResource(WEBJAR_PATH));

    private static Resource inMemory(Resource resource) {
        try {
            return new ByteArrayResource(resource.getContentAsByteArray(), resource.getDescription());
        } catch (IOException e) {
            throw new UncheckedIOException("the Bootstrap WebJar is missing " + WEBJAR_PATH, e);
        }
    }

    @GetMapping("/stylesheets/bootstrap.min.css")
    ResponseEntity<Resource> bootstrapCss() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "css"))
                .cacheControl(CacheControl.noCache())
                .body(BOOTSTRAP_CSS);
    }
}
