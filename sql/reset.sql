-- Restores the initial state after a run. The app only inserts into login_log and never
-- changes users, so replacing login_log with its pristine copy (login_log_init, written by the
-- loader) is a full reset. TRUNCATE drops and recreates the table in one step, much faster
-- than DELETE, and resets AUTO_INCREMENT; re-inserting the explicit ids moves it to max(id)+1.
-- Safe while the app keeps pooled connections open: TRUNCATE waits for the metadata lock of
-- statements in flight; the lock wait is capped so a connection stuck in a transaction turns
-- into an error instead of a reset that hangs for hours.
SET SESSION lock_wait_timeout = 30;
TRUNCATE TABLE login_log;
INSERT INTO login_log SELECT * FROM login_log_init;
