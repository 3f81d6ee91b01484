/**
 * The committed SQL snapshots (src/store/sqlite/queries.sql.snap, src/store/postgres/queries.sql.snap) are
 * what the query objects compile to now: a change to a statement shows up in review as a diff of
 * those files, and CI fails until they are regenerated with `npm run sql:snapshots`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderSnapshot, SNAPSHOT_FILES } from '../../scripts/sql-snapshots.js';

describe('SQL snapshots', () => {
  for (const engine of ['sqlite', 'postgres'] as const) {
    it(`${engine}: the committed snapshot is what the queries compile to (else run npm run sql:snapshots)`, () => {
      const committed = readFileSync(SNAPSHOT_FILES[engine], 'utf8');
      const current = renderSnapshot(engine);
      if (committed === current) return;
      const committedLines = committed.split('\n');
      const currentLines = current.split('\n');
      const line = currentLines.findIndex((text, index) => text !== committedLines[index]);
      assert.fail(
        `${SNAPSHOT_FILES[engine]} is out of date from line ${line + 1}:\n  committed: ${committedLines[line] ?? '(end)'}\n  compiled:  ${currentLines[line] ?? '(end)'}\n` +
          'Review the change and regenerate the snapshots with: npm run sql:snapshots',
      );
    });
  }
});
