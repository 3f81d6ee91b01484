// Built-in profiles are imported (not read from disk by directory listing) so they are
// compiled into dist/ with the code and cannot go missing in a packaged install.
import { readFile } from 'node:fs/promises';
import amex from '../profiles/amex.json' with { type: 'json' };
import bancoDoBrasil from '../profiles/banco-do-brasil.json' with { type: 'json' };
import barclays from '../profiles/barclays.json' with { type: 'json' };
import capitalOne from '../profiles/capital-one.json' with { type: 'json' };
import chase from '../profiles/chase.json' with { type: 'json' };
import commerzbank from '../profiles/commerzbank.json' with { type: 'json' };
import deSollHaben from '../profiles/de-soll-haben.json' with { type: 'json' };
import dkb from '../profiles/dkb.json' with { type: 'json' };
import generic from '../profiles/generic.json' with { type: 'json' };
import ingDe from '../profiles/ing-de.json' with { type: 'json' };
import ingNl from '../profiles/ing-nl.json' with { type: 'json' };
import monzo from '../profiles/monzo.json' with { type: 'json' };
import n26 from '../profiles/n26.json' with { type: 'json' };
import nationwide from '../profiles/nationwide.json' with { type: 'json' };
import revolut from '../profiles/revolut.json' with { type: 'json' };
import sparkasseCsvCamt from '../profiles/sparkasse-csv-camt.json' with { type: 'json' };
import sparkasseCsvMt940 from '../profiles/sparkasse-csv-mt940.json' with { type: 'json' };
import starling from '../profiles/starling.json' with { type: 'json' };
import targobank from '../profiles/targobank.json' with { type: 'json' };
import ukBank from '../profiles/uk-bank.json' with { type: 'json' };
import usBank from '../profiles/us-bank.json' with { type: 'json' };
import wiseHistory from '../profiles/wise-history.json' with { type: 'json' };
import wise from '../profiles/wise.json' with { type: 'json' };
import { StatementError } from '../types.js';
import { type CsvProfile, validateProfile } from './csv-profile.js';

export const GENERIC_PROFILE = 'generic';

/**
 * In the order a file without --profile tries them (see openCsvStatement): the banks by the
 * columns that identify their export, then generic, then any profile that reads the file.
 */
const BUILT_IN: Record<string, unknown> = {
  'generic': generic,
  'dkb': dkb,
  'ing-de': ingDe,
  'ing-nl': ingNl,
  'commerzbank': commerzbank,
  'sparkasse-csv-camt': sparkasseCsvCamt,
  'sparkasse-csv-mt940': sparkasseCsvMt940,
  'targobank': targobank,
  'n26': n26,
  'revolut': revolut,
  'wise': wise,
  'wise-history': wiseHistory,
  'monzo': monzo,
  'starling': starling,
  'nationwide': nationwide,
  'barclays': barclays,
  'chase': chase,
  'amex': amex,
  'capital-one': capitalOne,
  'banco-do-brasil': bancoDoBrasil,
  'de-soll-haben': deSollHaben,
  'us-bank': usBank,
  'uk-bank': ukBank,
};

export function listProfiles(): string[] {
  return Object.keys(BUILT_IN);
}

/** A built-in profile as shipped (JSON), or undefined. */
export function describeProfile(name: string): unknown {
  return BUILT_IN[name];
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
  return validateProfile(json, nameOrPath, text.replace(/^\uFEFF/, ''));
}
