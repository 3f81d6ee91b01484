import type { World } from './fuzz-requests.js';

/**
 * What the catalogue operations say in prose, and a schema cannot, made true of the fuzzer's
 * valid requests (so a 400 for them is still a failure):
 * - deleteBank: `moveTo` is required with transactions=move or rules=retarget, refused otherwise,
 *   and names another, existing bank; the seeded banks are not removed (later requests name them);
 * - deleteCategory: `rulesTo` is required exactly with rules=retarget, and names another category;
 * - mergeCategories: `from` does not list `into`, nor one name twice (compared in NFC);
 * - a name in a path is not a dot segment ("." or "..").
 */
type Values = Record<string, unknown>;

const nfc = (value: unknown) => String(value).normalize('NFC');

export function catalogueQueryAsDescribed(operationId: string, query: Values, path: Values, world: World, pick: number): Values {
  if (operationId === 'deleteBank') {
    const { moveTo: _moveTo, ...rest } = query;
    const needsTarget = rest.transactions === 'move' || rest.rules === 'retarget';
    return needsTarget ? { ...rest, moveTo: world.banks[pick % world.banks.length] } : rest;
  }
  if (operationId === 'deleteCategory') {
    const { rulesTo, ...rest } = query;
    if (rest.rules !== 'retarget') return rest;
    const target = rulesTo === undefined || nfc(rulesTo) === nfc(decodeURIComponent(String(path.categoryName))) ? `Fuzzed ${pick}` : rulesTo;
    return { ...rest, rulesTo: target };
  }
  return query;
}

/** The seeded banks stay: a bank removed here would turn later valid requests naming it into 400s. */
export function cataloguePathAsDescribed(operationId: string, path: Values, world: World): Values {
  if (operationId === 'deleteBank' && world.banks.includes(decodeURIComponent(String(path.bankId)))) return { ...path, bankId: 'fuzz-made' };
  // A path segment "." or ".." (also as %2E) is a dot segment: URLs resolve it away (RFC 3986), so
  // such a name cannot be addressed in a path (docs/catalogue.md); a request cannot name it.
  const named = Object.entries(path).map(([name, value]) => [name, DOT_SEGMENT.test(decodeURIComponent(String(value))) ? 'dot' : value]);
  return Object.fromEntries(named);
}

const DOT_SEGMENT = /^\.\.?$/;

export function catalogueBodyAsDescribed(operationId: string, body: unknown): unknown {
  if (operationId !== 'mergeCategories' || typeof body !== 'object' || body === null) return body;
  const { from, into } = body as { from: string[]; into: string };
  const seen = new Set([nfc(into)]);
  const kept = from.filter((name) => !seen.has(nfc(name)) && seen.add(nfc(name)));
  return { from: kept.length > 0 ? kept : [`${nfc(into)} (fuzzed)`.slice(0, 90)], into };
}

/** Values a name-like parameter (a category or group name, in the path or the query) must refuse. */
export const BAD_NAMES = [' lead', 'trail ', 'a\u200bb', 'x'.repeat(101), 'a\u0000b', 'tab\tin', '\u2028'];

/** A category or group name parameter: the CategoryName rules, not the bank id's pattern. */
export function isNameLike(schema: { maxLength?: unknown; pattern?: unknown }): boolean {
  return schema.maxLength === 100 && typeof schema.pattern === 'string' && schema.pattern.startsWith('^(?!\\s)');
}

/** A drawn name may lengthen in NFC past its limit (U+FB2A), which the service refuses: not a valid request. */
export function fitsInNfc(value: unknown): boolean {
  if (typeof value === 'string') return [...value].length > 100 || [...value.normalize('NFC')].length <= 100;
  if (Array.isArray(value)) return value.every(fitsInNfc);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(fitsInNfc);
  return true;
}
