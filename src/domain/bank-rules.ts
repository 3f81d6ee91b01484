import { invalidField, type FieldLocation } from './errors.js';
import { nameProblem, normaliseName } from './names.js';

/** Bank ids: 1 to 64 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit. */
export const BANK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bankIdProblem(id: string): string | null {
  return BANK_ID_PATTERN.test(id)
    ? null
    : 'must be 1 to 64 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit';
}

export function aggregatorIdProblem(id: string): string | null {
  return UUID_PATTERN.test(id) ? null : 'must be a UUID such as 3f2c1a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';
}

export const CATEGORY_NAME_MAX = 100;

/** Why a category name (in NFC, see names.ts) cannot be stored, or null when it can. */
export function categoryNameProblem(name: string): string | null {
  if (name.length === 0) return 'must not be empty';
  if ([...name].length > CATEGORY_NAME_MAX) return `must be at most ${CATEGORY_NAME_MAX} characters (counted in Unicode NFC)`;
  return nameProblem(name);
}

/** A category name as stored (NFC); throws a DomainError naming `field` when it cannot be. */
export function checkedCategoryName(raw: string, location: FieldLocation, field: string): string {
  // Checked as stored: NFC can lengthen a name (U+FB2A is two code points in NFC), and a stored
  // name longer than the contract's maxLength would break the contract in every response.
  const name = normaliseName(raw);
  const problem = categoryNameProblem(name);
  if (problem) throw invalidField(location, field, problem);
  return name;
}

/** Any other name (a bank's, a group's, a rule's text) as stored; throws naming `field`. */
export function checkedName(raw: string, location: FieldLocation, field: string): string {
  const name = normaliseName(raw);
  const problem = name.length === 0 ? 'must not be empty' : nameProblem(name);
  if (problem) throw invalidField(location, field, problem);
  return name;
}
