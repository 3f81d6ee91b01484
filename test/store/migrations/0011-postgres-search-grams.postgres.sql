-- 0011-postgres-search-grams on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE FUNCTION moneta_short_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $grams$
    SELECT ARRAY(
      SELECT substr(t, i, 1) FROM generate_series(1, char_length(t)) AS i
      UNION ALL
      SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
    )
  $grams$;

ALTER TABLE transactions ADD COLUMN description_grams text[] GENERATED ALWAYS AS (moneta_short_grams(description_folded)) STORED;

CREATE INDEX transactions_description_grams ON transactions USING gin (description_grams);

ANALYZE transactions;
