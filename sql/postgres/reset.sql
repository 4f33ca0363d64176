-- Restores the initial state after a run (PostgreSQL; ../reset.sql is MySQL's): login_log :=
-- login_log_init, and the id sequence moved to max(id)+1, as MySQL's TRUNCATE + explicit ids do
-- to AUTO_INCREMENT. TRUNCATE takes an ACCESS EXCLUSIVE lock and so waits for statements in
-- flight; the wait is capped so a connection stuck in a transaction turns into an error.
SET lock_timeout = '30s';
TRUNCATE TABLE login_log;
INSERT INTO login_log SELECT * FROM login_log_init;
SELECT setval('login_log_id_seq', (SELECT MAX(id) FROM login_log));
