import { forbiddenCharacterIn } from '../domain/text.js';
import type { FieldError } from '../domain/errors.js';

/** Problems found while reading the query string, kept for the validation step to report. */
export const QUERY_PROBLEMS = Symbol('queryProblems');

export type ParsedQuery = Record<string, string> & { [QUERY_PROBLEMS]?: FieldError[] };

/**
 * A strict application/x-www-form-urlencoded reader. Unlike the usual parsers it never folds a
 * repeated parameter into an array or drops a malformed escape: both become 400s that name the
 * parameter. The result has no prototype, so `__proto__` is just a (refused) parameter name.
 */
export function parseQueryString(text: string): ParsedQuery {
  const result = Object.create(null) as ParsedQuery;
  const problems: FieldError[] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decodeComponent(rawName);
    if (name === null) {
      problems.push({ in: 'query', name: rawName, message: 'is not valid percent-encoded UTF-8' });
      continue;
    }
    const value = decodeComponent(rawValue);
    if (value === null) {
      problems.push({ in: 'query', name, message: 'is not valid percent-encoded UTF-8' });
      continue;
    }
    const forbidden = forbiddenCharacterIn(name) ?? forbiddenCharacterIn(value);
    if (forbidden) {
      problems.push({ in: 'query', name, message: forbidden });
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(result, name)) {
      if (!problems.some((problem) => problem.name === name)) {
        problems.push({ in: 'query', name, message: 'must appear at most once' });
      }
      continue;
    }
    result[name] = value;
  }
  if (problems.length > 0) result[QUERY_PROBLEMS] = problems;
  return result;
}

/** decodeURIComponent refuses malformed escapes and invalid UTF-8 (it throws); `+` is a space. */
function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
