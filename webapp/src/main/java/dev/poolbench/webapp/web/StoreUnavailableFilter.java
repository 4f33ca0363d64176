package dev.poolbench.webapp.web;

import io.lettuce.core.RedisException;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.PoolException;

/**
 * A store failure that escapes Spring MVC becomes a 503 with {@link ErrorHandling}'s page and a
 * one-line warning, instead of Tomcat's 500 and a stack trace in the log for every request.
 * Spring Session saves a new or changed session when the response commits (the redirect of
 * {@code POST /login}) and again at the end of its filter: both lie outside MVC's exception
 * handlers, so with Redis away every login would end up there. Registered just outside Spring
 * Session's filter (session.RedisSessionConfiguration), so the error page is written past it:
 * Boot's /error dispatch renders it, and that dispatch does not go through Spring Session's filter.
 * A failure after the response was sent (the save at the end of Spring Session's filter, when
 * Redis went away while the page was written) is a warning only: the client has its answer.
 */
public final class StoreUnavailableFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(StoreUnavailableFilter.class);

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } catch (IOException | ServletException | RuntimeException e) {
            Throwable failure = storeFailure(e);
            if (failure == null || !(response instanceof HttpServletResponse http)) {
                throw e;
            }
            if (http.isCommitted()) {
                // The answer is out (Spring Session saves once more after the page was sent):
                // nothing to tell the client, and Tomcat's error page could not change it.
                log.warn("session store failed after the response was sent: {}", ErrorHandling.rootMessage(failure));
                return;
            }
            log.warn("503 (session store unavailable): {}", ErrorHandling.rootMessage(failure));
            http.reset();
            http.setHeader("Retry-After", "1");
            http.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
        }
    }

    /**
     * The first cause that says a store is unavailable: Spring's data access exceptions (Spring
     * Data Redis translates Lettuce's into them), a Lettuce exception it did not translate, or a
     * Lettuce pool that could not lend a connection; null for anything else.
     */
    static Throwable storeFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof DataAccessException || cause instanceof RedisException
                    || cause instanceof PoolException) {
                return cause;
            }
        }
        return null;
    }
}
