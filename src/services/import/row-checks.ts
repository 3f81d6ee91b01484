import { categoryNameProblem } from '../../domain/bank-rules.js';
import { forbiddenCharacterIn } from '../../domain/text.js';
import type { StatementRow } from '../../importers/index.js';

/** The largest magnitude the API accepts for a value (a float32's range, see the contract). */
const VALUE_LIMIT = 3.4028234663852886e38;
const DESCRIPTION_MAX = 1000;

/**
 * The checks POST /transactions applies through its schema, for rows that come from a file:
 * an imported transaction must be one the API could have created. An empty description is
 * allowed there, and so here: a booked row is never refused for lacking text.
 */
export function rowProblem(row: StatementRow): string | null {
  const description = forbiddenCharacterIn(row.description);
  if (description) return `description ${description}`;
  if ([...row.description].length > DESCRIPTION_MAX) return `description is longer than ${DESCRIPTION_MAX} characters`;
  if (!Number.isFinite(row.value) || Math.abs(row.value) > VALUE_LIMIT) return `value ${row.value} is out of range`;
  if (row.category !== undefined && row.category !== '') {
    const category = categoryNameProblem(row.category) ?? forbiddenCharacterIn(row.category);
    if (category) return `category ${category}`;
  }
  return null;
}
