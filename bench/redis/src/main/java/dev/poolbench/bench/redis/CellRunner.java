package dev.poolbench.bench.redis;

import dev.poolbench.bench.redis.client.ClientKind;
import dev.poolbench.bench.redis.client.Clients;
import dev.poolbench.bench.redis.client.LoopClient;
import dev.poolbench.bench.redis.server.RedisServerProcess;
import dev.poolbench.bench.redis.server.RespConnection;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one cell: {@code threads} threads of one mode each send {@code setsPerThread} SETs through
 * one client, released together by a start gate. Bounded in time: the threads must be started
 * within the cell timeout, and the loop is stopped at the cell timeout (a stopped cell is a
 * measured outcome, as is a thread that could not get a connection).
 */
final class CellRunner {

    static final String CONNECT_TIMEOUT = "connect-timeout";
    static final String POOL_WAIT_TIMEOUT = "pool-wait-timeout";
    static final String COMMAND_TIMEOUT = "command-timeout";
    /** A small value, as a session attribute would be; one key per thread, overwritten. */
    private static final String VALUE = "0123456789";
    private static final long SAMPLE_MILLIS = 100;

    private final RedisServerProcess server;
    private final Clients clients;
    private final Duration connectTimeout;
    private final Duration cellTimeout;
    private final Duration commandTimeout;

    CellRunner(RedisServerProcess server, Clients clients, Duration connectTimeout, Duration commandTimeout,
            Duration cellTimeout) {
        this.server = server;
        this.clients = clients;
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
        this.cellTimeout = cellTimeout;
    }

    CellResult run(ClientKind kind, ThreadMode mode, int threads, int setsPerThread) throws IOException, InterruptedException {
        try (RespConnection house = server.connect()) {
            double serverCpu0 = serverCpuMillis(house);
            long received0 = received(house);
            long clientCpu0 = processCpuNanos();
            Loop loop = new Loop(threads, setsPerThread);
            double wallMillis;
            boolean finished;
            long peak;
            try (LoopClient client = clients.create(kind, threads)) {
                loop.start(client, mode.factory());
                if (!loop.ready.await(cellTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    loop.stop.set(true);
                }
                Sampler sampler = new Sampler(house);
                Thread samplerThread = new Thread(sampler, "redis-loop-sampler");
                samplerThread.setDaemon(true);
                samplerThread.start();
                long start = System.nanoTime();
                loop.gate.countDown();
                finished = loop.finished.await(cellTimeout.toMillis(), TimeUnit.MILLISECONDS);
                wallMillis = (System.nanoTime() - start) / 1e6;
                if (!finished) {
                    // Threads blocked in a command return within the command timeout.
                    loop.stop.set(true);
                    loop.finished.await(commandTimeout.toMillis() + 5_000, TimeUnit.MILLISECONDS);
                }
                sampler.running = false;
                samplerThread.join();
                // Once more before the client closes: a short cell may end between two samples,
                // and a pool keeps its connections open until it is closed.
                sampler.sample();
                peak = sampler.peak;
            }
            double clientCpuMillis = (processCpuNanos() - clientCpu0) / 1e6;
            Map<String, Long> errors = new TreeMap<>();
            loop.errors.forEach((k, v) -> errors.put(k, v.sum()));
            long sets = loop.done.sum();
            String outcome = outcome(finished, errors, sets, (long) threads * setsPerThread);
            return new CellResult(kind.name(), mode.label(), threads, setsPerThread, wallMillis, sets,
                    (long) threads * setsPerThread, clientCpuMillis, serverCpuMillis(house) - serverCpu0,
                    received(house) - received0, peak, errors, loop.firstError.get(), outcome);
        }
    }

    private String outcome(boolean finished, Map<String, Long> errors, long sets, long planned) {
        if (!finished) {
            return String.format(Locale.ROOT, "stopped at the cell timeout of %d s (%d of %d SETs)",
                    cellTimeout.toSeconds(), sets, planned);
        }
        if (errors.containsKey(CONNECT_TIMEOUT)) {
            return String.format(Locale.ROOT, "connect timed out after %d s (%d threads)",
                    connectTimeout.toSeconds(), errors.get(CONNECT_TIMEOUT));
        }
        if (!errors.isEmpty()) {
            return "errors: " + errors;
        }
        return "ok";
    }

    /** The threads of one cell and what they counted. */
    private static final class Loop {
        final int threads;
        final int setsPerThread;
        final CountDownLatch ready;
        final CountDownLatch gate = new CountDownLatch(1);
        final CountDownLatch finished;
        final AtomicBoolean stop = new AtomicBoolean();
        final LongAdder done = new LongAdder();
        final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        final AtomicReference<String> firstError = new AtomicReference<>();

        Loop(int threads, int setsPerThread) {
            this.threads = threads;
            this.setsPerThread = setsPerThread;
            this.ready = new CountDownLatch(threads);
            this.finished = new CountDownLatch(threads);
        }

        void start(LoopClient client, ThreadFactory factory) {
            for (int t = 0; t < threads; t++) {
                String key = "poolbench:loop:" + t;
                factory.newThread(() -> {
                    try {
                        ready.countDown();
                        gate.await();
                        sets(client, key);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        finished.countDown();
                    }
                }).start();
            }
        }

        /** The loop itself: counts stay in LongAdders so the threads do not contend on them. */
        private void sets(LoopClient client, String key) {
            for (int i = 0; i < setsPerThread && !stop.get(); i++) {
                try {
                    client.set(key, VALUE);
                    done.increment();
                } catch (Exception e) {
                    // A thread that cannot get a connection or an answer stops: counted once.
                    errors.computeIfAbsent(errorKind(e), k -> new LongAdder()).increment();
                    firstError.compareAndSet(null, e.getClass().getName() + ": " + e.getMessage());
                    return;
                }
            }
        }
    }

    /** Samples the server's connected clients; the sampler's own connection is not counted. */
    private static final class Sampler implements Runnable {
        private final RespConnection connection;
        volatile boolean running = true;
        volatile long peak;

        Sampler(RespConnection connection) {
            this.connection = connection;
        }

        @Override
        public void run() {
            while (running && sample()) {
                try {
                    Thread.sleep(SAMPLE_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        /** One sample; false when the server could not be asked (the cell's figures say why). */
        boolean sample() {
            try {
                long clients = Long.parseLong(connection.info("clients").getOrDefault("connected_clients", "1"));
                peak = Math.max(peak, clients - 1);
                return true;
            } catch (IOException | NumberFormatException e) {
                return false;
            }
        }
    }

    /** Which of the measured outcomes an exception is; anything else by its root cause's class. */
    static String errorKind(Throwable error) {
        Throwable root = error;
        for (Throwable c = error; c != null; c = c.getCause()) {
            String name = c.getClass().getName();
            String message = String.valueOf(c.getMessage()).toLowerCase(Locale.ROOT);
            if (name.endsWith("ConnectTimeoutException")
                    || (c instanceof java.net.SocketTimeoutException && message.contains("connect"))) {
                return CONNECT_TIMEOUT;
            }
            if (c instanceof NoSuchElementException && message.contains("timeout waiting")) {
                return POOL_WAIT_TIMEOUT;
            }
            if (name.endsWith("RedisCommandTimeoutException")
                    || (c instanceof java.net.SocketTimeoutException && message.contains("read"))) {
                return COMMAND_TIMEOUT;
            }
            root = c;
        }
        return root.getClass().getSimpleName();
    }

    private static double serverCpuMillis(RespConnection house) throws IOException {
        Map<String, String> cpu = house.info("cpu");
        return 1000.0 * (Double.parseDouble(cpu.getOrDefault("used_cpu_user", "0"))
                + Double.parseDouble(cpu.getOrDefault("used_cpu_sys", "0")));
    }

    private static long received(RespConnection house) throws IOException {
        return Long.parseLong(house.info("stats").getOrDefault("total_connections_received", "0"));
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }
}
