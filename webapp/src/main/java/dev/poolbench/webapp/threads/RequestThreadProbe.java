package dev.poolbench.webapp.threads;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Method;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Remembers on which kind of thread the last request ran, so the thread mode read back in
 * {@code /actuator/poolsettings} is what served requests, not only what was configured. Costs one
 * volatile write of the current thread per request: whether it is virtual and its name are read
 * when asked (a record and a reflective {@code isVirtual()} per request showed in the profile).
 */
@Component
class RequestThreadProbe extends OncePerRequestFilter {

    /** {@code Thread.isVirtual()} exists from JDK 21 on; the app is built for 17. */
    private static final Method IS_VIRTUAL = isVirtualMethod();

    record Seen(boolean virtual, String name) {
    }

    private volatile Thread last;

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        last = Thread.currentThread();
        chain.doFilter(request, response);
    }

    /** The last request's thread, or null before the first request. */
    Seen last() {
        Thread t = last;
        return t == null ? null : new Seen(isVirtual(t), t.getName());
    }

    static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (Boolean) IS_VIRTUAL.invoke(t);
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    private static Method isVirtualMethod() {
        try {
            return Thread.class.getMethod("isVirtual");
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
