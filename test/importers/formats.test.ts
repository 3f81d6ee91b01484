/**
 * One list of statement formats (issue 22 item 5): the importers' registry, the web app's copy of
 * it, the contract's enums and the command line's `--format` choices name the same formats, and
 * the server and web app call each by the same name.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Option } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { loadContract } from '../../src/http/contract.js';
import { FORMAT_IDS, STATEMENT_FORMATS } from '../../src/importers/formats.js';
import { STATEMENT_FORMATS as WEB_FORMATS } from '../../web/src/lib/formats.js';

interface Schema {
  enum?: string[];
  properties?: Record<string, Schema>;
}

describe('statement formats', () => {
  it('the web app names every format as the server does', () => {
    assert.deepEqual(WEB_FORMATS, STATEMENT_FORMATS.map(({ id, label }) => ({ id, label })));
  });

  it("the contract's enums are the registry's formats (and auto where a format is chosen)", () => {
    const document = loadContract() as unknown as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: Schema }> }>>;
      components: { schemas: Record<string, Schema> };
    };
    const parameter = document.paths['/imports']?.post?.parameters?.find((candidate) => candidate.name === 'format');
    assert.deepEqual(parameter?.schema.enum, ['auto', ...FORMAT_IDS]);
    for (const schema of ['ImportReport', 'ImportSummary']) {
      assert.deepEqual(document.components.schemas[schema]?.properties?.format?.enum, [...FORMAT_IDS], schema);
    }
  });

  it("the command line's --format choices are the registry's formats and auto", () => {
    const command = buildProgram().commands.find((candidate) => candidate.name() === 'import');
    const option = command?.options.find((candidate: Option) => candidate.long === '--format');
    assert.deepEqual(option?.argChoices, ['auto', ...FORMAT_IDS]);
  });
});
