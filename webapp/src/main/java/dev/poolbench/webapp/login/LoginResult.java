package dev.poolbench.webapp.login;

/** Outcome of one attempt: a user id on success, otherwise the notice to show. */
record LoginResult(Long userId, String notice) {

    static final String WRONG = "Wrong username or password";
    static final String LOCKED = "This account is locked.";
    static final String BANNED = "You're banned.";

    static LoginResult success(long userId) {
        return new LoginResult(userId, null);
    }

    static LoginResult failure(String notice) {
        return new LoginResult(null, notice);
    }

    boolean succeeded() {
        return userId != null;
    }
}
