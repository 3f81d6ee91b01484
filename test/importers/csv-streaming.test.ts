import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, before, describe, it } from 'node:test';
import { openStatement, type ParsedItem } from '../../src/importers/index.js';

const ROWS = 200_000;

// A forced collection before each heap reading measures live memory, not garbage that
// happens not to be collected yet; the test runner does not pass --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}
/** A long description makes the file ~45 MB, so holding it in memory would be obvious. */
const FILLER = 'x'.repeat(200);

let dir = '';
let path = '';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'moneta-stream-'));
  path = join(dir, 'large.csv');
  const out = createWriteStream(path);
  out.write('Buchungstag;Verwendungszweck;Betrag\r\n');
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    chunk += `${String(1 + (i % 28)).padStart(2, '0')}.03.2024;Zahlung ${i} ${FILLER};-${i % 1000},${String(i % 100).padStart(2, '0')}\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  await new Promise<void>((resolve, reject) => out.end(chunk, () => resolve()).once('error', reject));
});

after(async () => { await rm(dir, { recursive: true, force: true }); });

describe('CSV streaming', () => {
  it('parses 200,000 rows without holding the file in memory', async (t) => {
    const size = (await stat(path)).size;
    assert.ok(size > 40_000_000, `test file is ${size} bytes`);
    const baseline = liveHeap();
    let peak = 0;
    let count = 0;
    let first: ParsedItem | undefined;
    let last: ParsedItem | undefined;
    const statement = await openStatement(path);
    for await (const item of statement.items) {
      count++;
      first ??= item;
      last = item;
      if (count % 20_000 === 0) peak = Math.max(peak, liveHeap() - baseline);
    }
    assert.equal(count, ROWS);
    assert.deepEqual(first, { kind: 'row', row: { line: 2, date: '2024-03-01', description: `Zahlung 0 ${FILLER}`, value: 0 } });
    const n = ROWS - 1;
    assert.deepEqual(last, { kind: 'row', row: { line: ROWS + 1, date: `2024-03-${String(1 + (n % 28)).padStart(2, '0')}`, description: `Zahlung ${n} ${FILLER}`, value: -((n % 1000) + (n % 100) / 100) } });
    t.diagnostic(`heap growth ${Math.round(peak / 1e6)} MB for a ${Math.round(size / 1e6)} MB file`);
    // Reading the file whole would need more heap than the file size; streaming needs a few chunks.
    assert.ok(peak < 16_000_000, `heap grew by ${Math.round(peak / 1e6)} MB for a ${Math.round(size / 1e6)} MB file`);
  });
});
