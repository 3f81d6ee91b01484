// Every :61: entry an MT940 file holds reaches the report, whatever the export's layout:
// :86: missing, repeated or over several lines (with wrapped times that look like tags),
// supplementary lines, repeated value dates, several statements with or without separators
// and SWIFT blocks, tags split after their colon or wrapped amounts (fixed-width exports),
// indented lines, HBCI's @@ line separators, and any line ending.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { openStatement } from '../../src/importers/index.js';
import { ImportService } from '../../src/services/import.service.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

const detailLine = fc.constantFrom(
  'KARTENZAHLUNG REWE', '?20SVWZ+Rechnung 4711', ' FUER VISA 4998', '?32Muster GmbH', 'Betaling 12:30',
  ':12:11 Folgenr. 7', ':20:45 Fo', ':25:00', ':', '-', '{ref}', '/REMI/Huur maart', '',
);

const entry = fc.record({
  day: fc.constantFrom('01', '02', '15'), // value dates repeat
  mark: fc.constantFrom('C', 'D', 'RC', 'RD'),
  entryDate: fc.boolean(),
  amount: fc.constantFrom('12,50', '0,99', '1000,', '45,9'),
  reference: fc.constantFrom('', '//B-1', '//NONREF'),
  supplementary: fc.option(fc.constantFrom('Card payment', '/OCMT/EUR4,5/'), { nil: undefined }),
  details: fc.option(fc.array(detailLine, { minLength: 1, maxLength: 4 }), { nil: undefined }),
  repeatedDetails: fc.boolean(),
  splitTag: fc.boolean(),
  wrappedAmount: fc.boolean(),
});

const statement = fc.record({
  entries: fc.array(entry, { maxLength: 5 }),
  separator: fc.constantFrom('-', '-}', 'none'),
  swiftBlock: fc.boolean(),
  closingInfo: fc.boolean(),
});

const file = fc.record({
  statements: fc.array(statement, { minLength: 1, maxLength: 3 }),
  newline: fc.constantFrom('\n', '\r\n', '\r', '@@'),
  indent: fc.constantFrom('', '  '),
});

type File = typeof file extends fc.Arbitrary<infer T> ? T : never;

function render({ statements, newline, indent }: File): { text: string; entries: number } {
  const lines: string[] = [];
  let entries = 0;
  statements.forEach((s, n) => {
    if (s.swiftBlock) lines.push('{1:F01GENODEF1S04XXXX0000000000}{2:O940GENODEF1S04XXXXN}{4:');
    lines.push(`${indent}:20:STARTUMS`, `${indent}:25:1222333444${n}`, `${indent}:28C:${n + 1}/1`, `${indent}:60F:C240101EUR0,00`);
    for (const e of s.entries) {
      entries++;
      const head = `2401${e.day}${e.entryDate ? `01${e.day}` : ''}${e.mark}`;
      const rest = `${e.amount}NTRFNONREF${e.reference}`;
      const tag = e.splitTag ? [`${indent}:`, '61:'] : [`${indent}:61:`];
      tag[tag.length - 1] += head;
      if (e.wrappedAmount) lines.push(...tag, rest);
      else { tag[tag.length - 1] += rest; lines.push(...tag); }
      if (e.supplementary) lines.push(e.supplementary);
      if (e.details) {
        lines.push(`${indent}:86:${e.details[0] as string}`, ...e.details.slice(1));
        if (e.repeatedDetails) lines.push(`${indent}:86:Second field`);
      }
    }
    lines.push(`${indent}:62F:C240131EUR0,00`);
    if (s.closingInfo) lines.push(`${indent}:64:C240131EUR0,00`, `${indent}:86:/SUM/0/0/0,00/0,00/`);
    if (s.separator !== 'none') lines.push(s.separator);
  });
  return { text: lines.join(newline) + newline, entries };
}

describe('MT940: every :61: entry is reported', () => {
  let dir = '';
  let store: SqliteStore;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'moneta-mt940-prop-'));
    store = new SqliteStore({ path: ':memory:' });
    await store.lifecycle.migrate();
    await store.catalogue.addBank({ id: 'bank', name: 'Bank', aggregatorId: null });
  });
  after(async () => {
    await store.lifecycle.close();
    await rm(dir, { recursive: true, force: true });
  });

  let runs = 0;
  const write = async (text: string) => {
    const path = join(dir, `statement-${runs++}.sta`);
    await writeFile(path, text, 'latin1');
    return path;
  };

  it('parses one item per entry, in file order (besides the balances it states)', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (generated) => {
        const { text, entries } = render(generated);
        const statement = await openStatement(await write(text), { format: 'mt940' });
        const lines: number[] = [];
        for await (const item of statement.items) if (item.kind !== 'balance') lines.push(item.kind === 'row' ? item.row.line : item.line);
        assert.equal(lines.length, entries, text);
        assert.deepEqual(lines, [...lines].sort((a, b) => a - b), 'in file order');
        assert.equal(new Set(lines).size, lines.length, 'one line per entry');
      }),
      { numRuns: 300 },
    );
  });

  it('the report accounts for every entry: added + duplicates + conflicts + invalid + skipped', async () => {
    const service = new ImportService(store);
    await fc.assert(
      fc.asyncProperty(file, async (generated) => {
        const { text, entries } = render(generated);
        const result = await service.importFile(await write(text), { bank: 'bank', format: 'mt940', dryRun: true, keepRows: false });
        await result.dispose();
        assert.equal(result.added + result.duplicates + result.conflicts + result.invalid + result.skipped, entries, text);
      }),
      { numRuns: 40 },
    );
  });
});
