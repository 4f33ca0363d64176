package dev.poolbench.bench.load.model;

/** The three login flows of the ISUCON4 qualifier. */
public enum FlowType {
    /** Right password, not blocked: ends on /mypage. */
    SUCCESS,
    /** Wrong password: ends on / with "Wrong username or password". */
    FAIL,
    /** Right password but ip banned or user locked: ends on / with the ban or lock notice. */
    BLOCKED
}
