// Built-in profiles are imported (not read from disk by directory listing) so they are
// compiled into dist/ with the code and cannot go missing in a packaged install.
import { readFile } from 'node:fs/promises';
import deSollHaben from '../profiles/de-soll-haben.json' with { type: 'json' };
import generic from '../profiles/generic.json' with { type: 'json' };
import sparkasseCsvCamt from '../profiles/sparkasse-csv-camt.json' with { type: 'json' };
import ukBank from '../profiles/uk-bank.json' with { type: 'json' };
import usBank from '../profiles/us-bank.json' with { type: 'json' };
import { StatementError } from '../types.js';
import { type CsvProfile, validateProfile } from './csv-profile.js';

const BUILT_IN: Record<string, unknown> = {
  'generic': generic,
  'de-soll-haben': deSollHaben,
  'sparkasse-csv-camt': sparkasseCsvCamt,
  'us-bank': usBank,
  'uk-bank': ukBank,
};

export function listProfiles(): string[] {
  return Object.keys(BUILT_IN);
}

/**
 * A built-in name, or a path to a JSON file. Anything that contains a path separator or
 * ends in .json is a path, so a typo in a built-in name is reported as such.
 */
export async function loadProfile(nameOrPath: string): Promise<CsvProfile> {
  const builtIn = BUILT_IN[nameOrPath];
  if (builtIn !== undefined) return validateProfile(builtIn, `"${nameOrPath}"`);
  if (!/[\\/]/.test(nameOrPath) && !nameOrPath.endsWith('.json')) {
    throw new StatementError(`unknown CSV profile "${nameOrPath}"; built-in profiles are ${listProfiles().join(', ')}, or give a path to a profile JSON file`);
  }
  let text: string;
  try {
    text = await readFile(nameOrPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StatementError(`cannot read CSV profile ${nameOrPath}: ${code === 'ENOENT' ? 'file not found' : String(code ?? error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new StatementError(`CSV profile ${nameOrPath} is not valid JSON: ${(error as Error).message}`);
  }
  return validateProfile(json, nameOrPath);
}
