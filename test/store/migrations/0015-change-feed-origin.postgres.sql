-- 0015-change-feed-origin on postgres: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE change_feed_state ADD COLUMN store_id text COLLATE "C" NOT NULL DEFAULT '';

ALTER TABLE change_feed_state ADD COLUMN epoch text COLLATE "C" NOT NULL DEFAULT '';

UPDATE change_feed_state SET store_id = left(replace(gen_random_uuid()::text, '-', ''), 16), epoch = left(replace(gen_random_uuid()::text, '-', ''), 16);
