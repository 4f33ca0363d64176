package dev.poolbench.webapp.login;

/** A successful login as shown on /mypage; {@code createdAt} already as YYYY-MM-DD HH:MM:SS. */
record LastLogin(String login, String ip, String createdAt) {
}
