/** The fields GET /transactions sorts by (its `sort` parameter). */
export const SORT_FIELDS = ['id', 'date', 'description', 'value', 'category'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface SortKey {
  field: SortField;
  descending: boolean;
}

const isSortField = (name: string): name is SortField => (SORT_FIELDS as readonly string[]).includes(name);

/**
 * A click on a column header: the column becomes the only key (ascending; a second click on the
 * only key flips it). With shift, the column is added as the last key, or flipped where it
 * already is, so `date desc, then value` is two clicks.
 */
export function clickSort(keys: readonly SortKey[], field: SortField, additive: boolean): SortKey[] {
  const index = keys.findIndex((key) => key.field === field);
  if (additive) {
    if (index < 0) return [...keys, { field, descending: false }];
    return keys.map((key, at) => (at === index ? { field, descending: !key.descending } : key));
  }
  if (keys.length === 1 && index === 0) return [{ field, descending: !keys[0]!.descending }];
  return [{ field, descending: false }];
}

/** The `sort` parameter's text (`-date,value`); undefined for the API's default order. */
export function formatSort(keys: readonly SortKey[]): string | undefined {
  if (keys.length === 0) return undefined;
  return keys.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(',');
}

/** Reads a `sort` text back; unknown or repeated fields are dropped rather than sent to fail. */
export function parseSort(text: string | null | undefined): SortKey[] {
  if (!text) return [];
  const keys: SortKey[] = [];
  for (const part of text.split(',')) {
    const descending = part.startsWith('-');
    const name = part.replace(/^[-+ ]/, '');
    if (isSortField(name) && !keys.some((key) => key.field === name)) keys.push({ field: name, descending });
  }
  return keys;
}

/** How a column header shows its place in the sort: `▲1`, `▼2`, or nothing. */
export function sortMark(keys: readonly SortKey[], field: SortField): { arrow: '▲' | '▼'; rank: number } | null {
  const index = keys.findIndex((key) => key.field === field);
  if (index < 0) return null;
  return { arrow: keys[index]!.descending ? '▼' : '▲', rank: index + 1 };
}
