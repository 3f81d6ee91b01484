/** JSON's number grammar: what a value in a body may be, so what a number parameter may be. */
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

export type NumberParse = { ok: true; value: number } | { ok: false; message: string };

/**
 * Reads a number from a query parameter, written as a JSON number (`-12.5`, `1e3`): no `+`,
 * spaces, hex, `Infinity` or `NaN`. Like a number in a body, one too large for a double or a
 * non-zero one too small to represent (`1e-400`, which would become 0) is refused.
 * The schema's bounds are checked afterwards, on the number.
 */
export function parseNumberParameter(text: string): NumberParse {
  if (!JSON_NUMBER.test(text)) return { ok: false, message: 'must be a number written as in JSON (such as -12.5 or 1e3)' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: 'is too large to represent' };
  if (value === 0 && /[1-9]/.test(text.replace(/[eE].*$/, ''))) return { ok: false, message: `is too small to represent (${text} would be read as 0)` };
  return { ok: true, value };
}
