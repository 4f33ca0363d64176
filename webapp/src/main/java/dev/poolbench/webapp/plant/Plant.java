package dev.poolbench.webapp.plant;

import dev.poolbench.webapp.InvalidSettingException;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.env.Environment;

/**
 * A planted difference of known size ({@code POOLBENCH_PLANT}, docs/planted-difference.md): a
 * fixed amount of work the timing wrapper does on every borrow while the connection is held, so
 * that a comparison can be checked against a difference whose size is known. Off by default.
 *
 * <ul>
 * <li>{@code none}: nothing (the default);</li>
 * <li>{@code cpu:<N>us}: a busy spin on the borrowing thread until it has used N microseconds of
 *     CPU (its own CPU clock, not the wall clock: on a busy machine a spin of N µs of wall time
 *     is preempted and burns less, measured at about half on a shared 2-core machine). A
 *     virtual thread has no CPU clock of its own in the JDK: there the spin runs N µs of wall
 *     time;</li>
 * <li>{@code wait:<N>us}: a sleep of N microseconds ({@code LockSupport.parkNanos}): N µs (plus
 *     the kernel's timer slack) more hold time per borrow, no CPU.</li>
 * </ul>
 *
 * <p>Every execution is counted, with the nanoseconds it really took, so the runner can check
 * that a planted run planted and an unplanted one did not ({@code /actuator/poolsettings}
 * {@code plant}, and {@code poolbench_plant_count_total} on {@code /actuator/prometheus}).
 */
public final class Plant implements MeterBinder {

    /** The environment variable (or property) that sets the plant. */
    public static final String SETTING = "POOLBENCH_PLANT";
    /** The largest plant accepted: one second per borrow would only measure the plant. */
    public static final long MAX_MICROS = 1_000_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Arithmetic steps between two reads of the CPU clock (about a third of a microsecond). */
    private static final int STEPS_PER_CHECK = 256;
    private static final Pattern SYNTAX = Pattern.compile("(cpu|wait):([0-9]{1,7})us");

    /** What the plant does per borrow. */
    public enum Kind {
        NONE, CPU, WAIT;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** No plant: {@link #run} returns at once and counts nothing. */
    public static final Plant NONE = new Plant(Kind.NONE, 0);

    private final Kind kind;
    private final long micros;
    private final long nanos;
    private final LongAdder count = new LongAdder();
    private final LongAdder plantedNanos = new LongAdder();
    /** Where the spin's arithmetic goes: a volatile write the JIT cannot drop. */
    private volatile long sink;

    private Plant(Kind kind, long micros) {
        this.kind = kind;
        this.micros = micros;
        this.nanos = micros * 1_000;
    }

    /** A plant of {@code micros} µs per borrow (for tests and the runner's own checks). */
    public static Plant of(Kind kind, long micros) {
        return kind == Kind.NONE ? new Plant(Kind.NONE, 0) : new Plant(kind, micros);
    }

    /** The plant {@code POOLBENCH_PLANT} asks for; {@link #NONE}'s kind when unset. */
    public static Plant fromEnvironment(Environment environment) {
        return parse(environment.getProperty(SETTING));
    }

    /**
     * {@code none}, {@code cpu:<N>us} or {@code wait:<N>us} with 1 <= N <= {@value #MAX_MICROS}; null or
     * blank is none.
     *
     * @throws InvalidSettingException naming the setting and the value otherwise
     */
    public static Plant parse(String raw) {
        String text = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
        if (text.isEmpty() || text.equals("none")) {
            return new Plant(Kind.NONE, 0);
        }
        Matcher m = SYNTAX.matcher(text);
        long micros = m.matches() ? Long.parseLong(m.group(2)) : -1;
        if (micros < 1 || micros > MAX_MICROS) {
            throw new InvalidSettingException(
                    SETTING + " must be none, cpu:<N>us or wait:<N>us with 1 <= N <= " + MAX_MICROS + ", but is '"
                            + raw + "'.",
                    "Set " + SETTING + "=cpu:200us (a 200 µs busy spin per borrow), wait:200us (a 200 µs sleep "
                            + "per borrow, holding the connection) or none (default).");
        }
        return new Plant(m.group(1).equals("cpu") ? Kind.CPU : Kind.WAIT, micros);
    }

    public Kind kind() {
        return kind;
    }

    public boolean planted() {
        return kind != Kind.NONE;
    }

    /** {@code none}, {@code cpu:200us}, {@code wait:200us}: the syntax it was set with. */
    public String label() {
        return kind == Kind.NONE ? "none" : kind.label() + ":" + micros + "us";
    }

    /** Plant executions so far. */
    public long count() {
        return count.sum();
    }

    /**
     * Wall-clock nanoseconds the executions really took: at least N µs each (a sleep overshoots by
     * the timer slack; a spin preempted by other threads takes longer than its N µs of CPU).
     */
    public long plantedNanos() {
        return plantedNanos.sum();
    }

    /** Does the planted work once (nothing for none), on the calling thread. */
    public void run() {
        if (kind == Kind.NONE) {
            return;
        }
        long start = System.nanoTime();
        if (kind == Kind.CPU) {
            spin(start);
        } else {
            parkUntil(start + nanos);
        }
        plantedNanos.add(System.nanoTime() - start);
        count.increment();
    }

    /** Burns {@code nanos} of this thread's CPU time (of wall time from {@code start} on a virtual thread). */
    private void spin(long start) {
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        boolean cpuClock = cpuStart >= 0;
        long until = cpuClock ? cpuStart + nanos : start + nanos;
        long x = sink;
        do {
            for (int i = 0; i < STEPS_PER_CHECK; i++) {
                // Work the JIT must keep: its result is written to a volatile field below.
                x = x * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L;
            }
        } while ((cpuClock ? THREADS.getCurrentThreadCpuTime() : System.nanoTime()) - until < 0);
        sink = x;
    }

    private static void parkUntil(long until) {
        long left;
        while ((left = until - System.nanoTime()) > 0) {
            // parkNanos may return early (spuriously, or on an interrupt): park for what is left.
            LockSupport.parkNanos(left);
        }
    }

    /** The {@code plant} part of {@code /actuator/poolsettings}. */
    public Map<String, Object> report() {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("spec", label());
        report.put("kind", kind.label());
        report.put("micros", micros);
        report.put("count", count());
        report.put("plantedNanos", plantedNanos());
        report.put("note", planted() ? "planted work per borrow, held: not a property of the pool" : "");
        return report;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("poolbench.plant.count", this, Plant::count)
                .description("Executions of the planted work (one per borrow when POOLBENCH_PLANT is set)")
                .tag("spec", label()).register(registry);
        FunctionCounter.builder("poolbench.plant.planted.nanos", this, Plant::plantedNanos)
                .description("Nanoseconds spent in the planted work").tag("spec", label()).register(registry);
        Gauge.builder("poolbench.plant.info", () -> 1).description("The planted difference: none, cpu:<N>us, "
                + "wait:<N>us").tag("spec", label()).register(registry);
    }
}
