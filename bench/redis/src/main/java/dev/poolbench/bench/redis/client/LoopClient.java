package dev.poolbench.bench.redis.client;

/**
 * One Redis client under test, shared by all threads of a cell. {@link #set} is one {@code SET}
 * as an application would send it: a pooled client borrows a connection and returns it around
 * every command (what Spring Data Redis does with {@code shareNativeConnection=false}), so the
 * pool's hand-off is part of every SET, as in the published loop.
 */
public interface LoopClient extends AutoCloseable {

    void set(String key, String value) throws Exception;

    /** Releases the connections and the client's threads; never throws. */
    @Override
    void close();
}
