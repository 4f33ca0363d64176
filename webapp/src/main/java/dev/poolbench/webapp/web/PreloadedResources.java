package dev.poolbench.webapp.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.web.servlet.resource.ResourceResolver;
import org.springframework.web.servlet.resource.ResourceResolverChain;

/**
 * The files of one static folder held in memory, read once at start-up. Spring's own resolver
 * looks a class-path file up in its jar on every request (three times: to find it, for its
 * length and its last-modified time) and inflates it again; this one answers from memory with
 * the same bytes, file name and last-modified time, so the responses (status, headers, body,
 * conditional and range requests) stay exactly as the {@code ResourceHttpRequestHandler} makes
 * them. A path that is not preloaded goes on down the chain (Spring's resolver: 404).
 */
final class PreloadedResources implements ResourceResolver {

    private final Map<String, Resource> files = new HashMap<>();

    /** @param location a class-path folder such as {@code classpath:/static/stylesheets/} */
    PreloadedResources(String location) {
        try {
            Resource folder = new PathMatchingResourcePatternResolver().getResource(location);
            String base = folder.getURL().toString();
            for (Resource file : new PathMatchingResourcePatternResolver().getResources(location + "**")) {
                if (file.isReadable() && file.getFilename() != null && !file.getURL().toString().endsWith("/")) {
                    files.put(file.getURL().toString().substring(base.length()), new InMemory(file));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot preload the static files of " + location, e);
        }
    }

    /** The preloaded paths (relative to the folder), for tests. */
    java.util.Set<String> paths() {
        return files.keySet();
    }

    @Override
    public Resource resolveResource(HttpServletRequest request, String requestPath, List<? extends Resource> locations,
                                    ResourceResolverChain chain) {
        Resource file = files.get(requestPath);
        return file != null ? file : chain.resolveResource(request, requestPath, locations);
    }

    @Override
    public String resolveUrlPath(String resourcePath, List<? extends Resource> locations, ResourceResolverChain chain) {
        return files.containsKey(resourcePath) ? resourcePath : chain.resolveUrlPath(resourcePath, locations);
    }

    /** A file's bytes with its original name and last-modified time. */
    static final class InMemory extends ByteArrayResource {

        private final String filename;
        private final long lastModified;

        InMemory(Resource original) throws IOException {
            super(original.getContentAsByteArray(), original.getDescription());
            this.filename = original.getFilename();
            this.lastModified = original.lastModified();
        }

        @Override
        public String getFilename() {
            return filename;
        }

        @Override
        public long lastModified() {
            return lastModified;
        }

        @Override
        public boolean equals(Object other) {
            return other == this;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
