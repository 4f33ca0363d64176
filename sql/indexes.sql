-- The tuned schema: indexes for the webapp's queries on login_log (spec section 4-6).
-- Apply once after schema.sql and the data load (building them afterwards is faster than
-- maintaining them during the load). DatabaseLoader.applySchemaVariant adds or drops exactly
-- the indexes named here, so this file is the one definition of "tuned".
-- Index names spell their columns; InnoDB appends the primary key (id) to every secondary
-- index anyway, the explicit id only documents the order the queries rely on.

-- "Count rows of this ip with id > S": a range scan on (ip, id).
CREATE INDEX login_log_ip_id ON login_log (ip, id);

-- "Newest succeeded id of this ip" (MAX(id) WHERE ip = ? AND succeeded = 1) is one index
-- dive; /report's per-ip "last success" aggregation reads this index only (covering).
CREATE INDEX login_log_ip_succeeded_id ON login_log (ip, succeeded, id);

-- The same two lookups per user.
CREATE INDEX login_log_user_id_id ON login_log (user_id, id);

-- Also serves /mypage: the two newest successes of a user (ORDER BY id DESC LIMIT 2).
CREATE INDEX login_log_user_id_succeeded_id ON login_log (user_id, succeeded, id);
