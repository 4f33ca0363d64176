package dev.poolbench.sql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * {@code sha256_hex(password + ":" + salt)}, lowercase, as the contest stores it in
 * users.password_hash. Not thread-safe: one instance reuses one MessageDigest, which is what
 * makes hashing 200,000 users take milliseconds instead of a provider lookup per user.
 */
public final class PasswordHash {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private final MessageDigest sha256;

    public PasswordHash() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM lacks SHA-256, which every Java SE runtime must provide", e);
        }
    }

    public String of(String password, String salt) {
        byte[] digest = sha256.digest((password + ":" + salt).getBytes(StandardCharsets.UTF_8));
        char[] hex = new char[digest.length * 2];
        for (int i = 0; i < digest.length; i++) {
            hex[2 * i] = HEX[(digest[i] >> 4) & 0xF];
            hex[2 * i + 1] = HEX[digest[i] & 0xF];
        }
        return new String(hex);
    }
}
