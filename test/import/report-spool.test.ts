import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReportSpool, type ReportRow } from '../../src/services/import/report-spool.js';

const rows: ReportRow[] = Array.from({ length: 2000 }, (_, i) => ({
  line: i + 2,
  status: i % 3 === 2 ? 'invalid' : 'added',
  id: i % 3 === 2 ? null : i + 1,
  duplicateOf: null,
  reason: i % 3 === 2 ? 'no date' : null,
  read: i % 3 === 2 ? null : { date: '2026-11-01', description: `Row ${i}`, value: i % 3 === 1 ? null : -12.5 },
  raw: i % 3 === 2 ? `;\u001b[31m;${i}\r` : null,
}));

describe('ReportSpool', () => {
  it('reads back the rows written, in order', async () => {
    const spool = await ReportSpool.create();
    try {
      await spool.write(rows.slice(0, 3));
      await spool.write(rows.slice(3, 5));
      await spool.finish();
      const read: ReportRow[] = [];
      for await (const row of spool.read()) read.push(row);
      assert.deepEqual(read, rows.slice(0, 5));
    } finally {
      await spool.dispose();
    }
  });

  it('is disposed of without an error while a write is still on its way to the disk (an import that failed mid-file)', async () => {
    const spool = await ReportSpool.create();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      await spool.write(rows); // more than the stream buffers: resolves once on the disk, the file open
      await spool.write(rows.slice(0, 2)); // less: resolves at once, the write on its way
      await spool.dispose();
      await new Promise(setImmediate); // a callback of the write would have run by now
    } finally {
      process.off('uncaughtException', onError);
    }
    assert.deepEqual(errors, []);
  });
});
