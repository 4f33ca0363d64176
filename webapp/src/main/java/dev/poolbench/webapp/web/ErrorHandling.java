package dev.poolbench.webapp.web;

import io.lettuce.core.RedisException;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.PoolException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.ModelAndView;

/**
 * Every failure becomes a short HTML page with a status and a plain message, never a stack trace:
 * <ul>
 * <li>database or session store unavailable, pool wait exceeded, query timeout: 503 "Service busy,
 * try again";</li>
 * <li>form data Tomcat cannot decode (invalid UTF-8): 400;</li>
 * <li>Spring MVC's own errors (400 bad input, 404, 405 with Allow, 415...): their status;</li>
 * <li>anything else: 500 "Internal error" (logged with its stack trace, not shown).</li>
 * </ul>
 * Errors outside Spring MVC (for example Tomcat rejecting a request) use the same template via
 * Boot's /error page; a session store failing outside it (the session saved as the response
 * commits) is a 503 there too ({@link StoreUnavailableFilter}).
 */
@ControllerAdvice
class ErrorHandling {

    static final String BUSY = "Service busy, try again";
    static final String UNDECODABLE = "The form data could not be decoded (invalid UTF-8 or a malformed escape).";

    private static final Logger log = LoggerFactory.getLogger(ErrorHandling.class);

    @ExceptionHandler(DataAccessException.class)
    ModelAndView databaseUnavailable(DataAccessException e, HttpServletResponse response) {
        // One line, no stack trace: under overload this happens often, and the cause is known.
        log.warn("503 (database or session store unavailable, or pool exhausted): {}", rootMessage(e));
        return page(HttpStatus.SERVICE_UNAVAILABLE, BUSY, response);
    }

    /**
     * Redis away while a session is read (Lettuce's own exceptions, or its pool unable to lend a
     * connection, which Spring Data Redis does not translate into a DataAccessException).
     */
    @ExceptionHandler({RedisException.class, PoolException.class})
    ModelAndView sessionStoreUnavailable(RuntimeException e, HttpServletResponse response) {
        log.warn("503 (session store unavailable): {}", rootMessage(e));
        return page(HttpStatus.SERVICE_UNAVAILABLE, BUSY, response);
    }

    /** Tomcat refuses to decode a form field (invalid UTF-8, bad %-escape): nothing was attempted. */
    @ExceptionHandler(InvalidParameterException.class)
    ModelAndView undecodableForm(InvalidParameterException e, HttpServletResponse response) {
        return page(HttpStatus.BAD_REQUEST, UNDECODABLE, response);
    }

    @ExceptionHandler(Exception.class)
    ModelAndView other(Exception e, HttpServletResponse response) {
        if (e instanceof ErrorResponse errorResponse) {
            errorResponse.getHeaders().forEach((name, values) -> values.forEach(v -> response.addHeader(name, v)));
            HttpStatusCode status = errorResponse.getStatusCode();
            String message = e instanceof ResponseStatusException rse && rse.getReason() != null
                    ? rse.getReason()
                    : reasonPhrase(status);
            return page(status, message, response);
        }
        log.error("500 (unexpected)", e);
        return page(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error", response);
    }

    private static ModelAndView page(HttpStatusCode status, String message, HttpServletResponse response) {
        ModelAndView page = new ModelAndView("error");
        page.setStatus(status);
        page.addObject("status", status.value());
        page.addObject("error", reasonPhrase(status));
        page.addObject("message", message);
        if (status.value() == 503) {
            response.setHeader("Retry-After", "1");
        }
        return page;
    }

    private static String reasonPhrase(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        return known == null ? "Error" : known.getReasonPhrase();
    }

    static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}
