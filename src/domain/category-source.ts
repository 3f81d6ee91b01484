/**
 * How a transaction got its category (its provenance), when something other than a person chose
 * it: a categorisation rule, or the imported statement. Stored as this text. A category a person
 * set (POST with a category, PUT, a bulk re-categorisation) has no source (null), like a row
 * categorised before provenance was recorded (migration 0009): so a transaction made through the
 * seven operations of interface 0.1.0 keeps exactly the seed's fields (docs/decisions.md), and a
 * category with no source is one a person chose.
 */
export type CategorySource = 'import' | `rule:${number}`;

/** A person set the category: no source is recorded. */
export const USER_SOURCE = null;
export const IMPORT_SOURCE: CategorySource = 'import';

export function ruleSource(ruleId: number): CategorySource {
  return `rule:${ruleId}`;
}

/** The rule a source names, or null. */
export function ruleOfSource(source: string | null): number | null {
  const match = source === null ? null : /^rule:([1-9][0-9]*)$/.exec(source);
  return match ? Number(match[1]) : null;
}
