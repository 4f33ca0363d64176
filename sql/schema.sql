-- The ISUCON4 qualifier schema as the contest shipped it: no secondary index on login_log,
-- so the per-login lookups scan the whole log. indexes.sql holds the tuned additions.
-- Plain SQL for any client (mysql, mariadb, JDBC); statements end with ';' at line end.
DROP TABLE IF EXISTS login_log_init;
DROP TABLE IF EXISTS login_log;
DROP TABLE IF EXISTS users;

CREATE TABLE users (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  login VARCHAR(255) NOT NULL UNIQUE,
  password_hash VARCHAR(255) NOT NULL,
  salt VARCHAR(255) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE login_log (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  created_at DATETIME NOT NULL,
  user_id INT NULL,
  login VARCHAR(255) NOT NULL,
  ip VARCHAR(255) NOT NULL,
  succeeded TINYINT NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
