-- 0015-change-feed-origin on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE change_feed_state ADD COLUMN store_id TEXT NOT NULL DEFAULT '';

ALTER TABLE change_feed_state ADD COLUMN epoch TEXT NOT NULL DEFAULT '';

UPDATE change_feed_state SET store_id = lower(hex(randomblob(8))), epoch = lower(hex(randomblob(8)));
