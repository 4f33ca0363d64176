-- The ISUCON4 qualifier schema for PostgreSQL: the same tables, columns and data as ../schema.sql
-- (MySQL/MariaDB), no secondary index on login_log (../indexes.sql, portable, adds the tuned ones).
-- Plain SQL for any client (psql, JDBC); statements end with ';' at line end.
--
-- Differences from the MySQL schema, each so that the app's SQL stays the same on both servers:
-- - login uses a case-insensitive, nondeterministic ICU collation: MySQL's utf8mb4_general_ci
--   makes "WHERE login = ?" case-insensitive (spec: "MySQL's case-insensitive collation applies").
--   ICU's level-2 strength ignores case but not accents, which the generated ASCII logins never have.
-- - login_log.id draws from a sequence of its own (not owned by the table), so a copy of the table
--   (CREATE TABLE ... (LIKE login_log INCLUDING ALL)) shares it and dropping a table never drops it.
-- - succeeded is SMALLINT (MySQL TINYINT): "succeeded = 1" and an integer parameter work as on MySQL.
-- - DATETIME is TIMESTAMP (without time zone): wall-clock values, as DATETIME.
DROP TABLE IF EXISTS login_log_init;
DROP TABLE IF EXISTS login_log;
DROP TABLE IF EXISTS users;
DROP SEQUENCE IF EXISTS login_log_id_seq;
DROP COLLATION IF EXISTS poolbench_ci;

CREATE COLLATION poolbench_ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);

CREATE TABLE users (
  id INT NOT NULL PRIMARY KEY,
  login VARCHAR(255) COLLATE poolbench_ci NOT NULL UNIQUE,
  password_hash VARCHAR(255) NOT NULL,
  salt VARCHAR(255) NOT NULL
);

CREATE SEQUENCE login_log_id_seq AS BIGINT;

CREATE TABLE login_log (
  id BIGINT NOT NULL DEFAULT nextval('login_log_id_seq') PRIMARY KEY,
  created_at TIMESTAMP NOT NULL,
  user_id INT NULL,
  login VARCHAR(255) NOT NULL,
  ip VARCHAR(255) NOT NULL,
  succeeded SMALLINT NOT NULL
);
