-- 0011-postgres-search-grams on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE FUNCTION moneta_short_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $grams$
    SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
      SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
      UNION ALL
      SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
    ) AS grams
  $grams$;

CREATE INDEX transactions_description_short_grams ON transactions USING gin (moneta_short_grams(description_folded));

ANALYZE transactions;
