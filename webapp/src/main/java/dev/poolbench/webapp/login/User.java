package dev.poolbench.webapp.login;

record User(long id, String login, String passwordHash, String salt) {
}
