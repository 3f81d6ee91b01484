export const SORTABLE_FIELDS = ['id', 'date', 'description', 'value', 'category'] as const;
export type SortField = (typeof SORTABLE_FIELDS)[number];
export interface SortKey {
  field: SortField;
  descending: boolean;
}

export class SortSpecError extends Error {}

/**
 * Parses `sort`: comma-separated fields, each optionally prefixed by `-` (descending) or `+`
 * (ascending). A leading space counts as `+`, because an unencoded `+` in a query string
 * arrives as a space. Each field may appear once.
 */
export function parseSortSpec(spec: string): SortKey[] {
  const keys: SortKey[] = [];
  for (const part of spec.split(',')) {
    const sign = part[0];
    const hasSign = sign === '-' || sign === '+' || sign === ' ';
    const name = hasSign ? part.slice(1) : part;
    if (!isSortField(name)) {
      throw new SortSpecError(
        name === '' ? 'must name a field in every position' : `cannot sort by "${name}"; use one of ${SORTABLE_FIELDS.join(', ')}`,
      );
    }
    if (keys.some((key) => key.field === name)) throw new SortSpecError(`names "${name}" more than once`);
    keys.push({ field: name, descending: sign === '-' });
  }
  return keys;
}

function isSortField(name: string): name is SortField {
  return (SORTABLE_FIELDS as readonly string[]).includes(name);
}
