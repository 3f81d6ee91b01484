#!/usr/bin/env bash
# Makes the stores in test/fixtures/stores/: what a user's data looked like before the persistence
# rebuild (issue 11), kept so test/store/fixture-store.test.ts proves that today's code opens an
# existing store (migrating it when a migration was added since) and reads the same data.
#
# It was run once, at main 292b00f (migrations 0001-0006), and its output committed. Do not re-run
# it to "refresh" the fixtures: their point is that they were written by the old code. Run it at
# another commit only to make an additional fixture beside these, under a new name.
#
# Usage: scripts/make-fixture-stores.sh [postgres-admin-url]
#   (default postgres://postgres@127.0.0.1:5432/test; the dump is made in a scratch database)
# Writes:
#   test/fixtures/stores/292b00f.sqlite        the SQLite file (journal checkpointed, no -wal)
#   test/fixtures/stores/292b00f.postgres.sql  pg_dump --inserts (plain SQL a client can run) of the same steps
#   test/fixtures/stores/292b00f.<engine>.{reader,writer}.token  the tokens as `tokens create` printed them
set -euo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL=${1:-postgres://postgres@127.0.0.1:5432/test}
OUT=test/fixtures/stores
# Named after the last commit that changed the code which wrote it.
NAME=$(git log -1 --format=%h --abbrev=7 -- src)
moneta() { node --import tsx src/cli/main.ts "$@"; }

# The same user history on either engine: the demo data, rules, two tokens, two imports.
populate() {
  local db=$1 engine=$2
  moneta demo --db "$db"
  # Added before the imports, so the imported rows are categorised by them ("Kaffee" is created
  # by the rule's first match; "Strom" by the regex rule for ING only).
  moneta rules add --category Kaffee --description-contains coffee --max-value 0 --priority 5 --db "$db"
  moneta rules add --category Strom --description-matches '^stadtwerke\b' --bank ing --min-value -5000 --db "$db"
  moneta rules add --category Salary --description-contains gehalt --min-value 0 --db "$db"
  moneta tokens create fixture-reader --read-only --db "$db" > "$OUT/$NAME.$engine.reader.token"
  moneta tokens create fixture-writer --db "$db" > "$OUT/$NAME.$engine.writer.token"
  moneta import test/fixtures/import/january.csv --bank chase --db "$db"
  moneta import test/fixtures/statements/de-soll-haben-win1252.csv --bank ing --profile de-soll-haben --skip-invalid --db "$db"
}

mkdir -p "$OUT"

sqlite_file="$OUT/$NAME.sqlite"
rm -f "$sqlite_file" "$sqlite_file-wal" "$sqlite_file-shm"
populate "$sqlite_file" sqlite
# The last connection's close checkpoints the journal: the committed file is complete by itself.
test ! -e "$sqlite_file-wal"

scratch="moneta_fixture_$$"
scratch_url="${ADMIN_URL%/*}/$scratch"
psql -q "$ADMIN_URL" -c "CREATE DATABASE $scratch"
trap 'psql -q "$ADMIN_URL" -c "DROP DATABASE IF EXISTS $scratch WITH (FORCE)"' EXIT
populate "$scratch_url" postgres
pg_dump --no-owner --no-privileges --inserts "$scratch_url" > "$OUT/$NAME.postgres.sql"

echo "made $OUT/$NAME.{sqlite,postgres.sql} and their tokens"
