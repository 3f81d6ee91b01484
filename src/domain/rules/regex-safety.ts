/** Longest pattern accepted: rules are short; a long pattern is a mistake or an attack. */
export const PATTERN_MAX_LENGTH = 200;

/**
 * Why a pattern cannot be a rule, or null. Besides syntax, refuses the shapes that make a
 * backtracking engine take exponential time (catastrophic backtracking): a group repeated
 * without bound that itself contains a quantifier or an alternation, e.g. (a+)+, (\w*)*,
 * (a|ab)*; and backreferences. Descriptions are at most 1000 characters, which bounds the rest.
 */
export function patternProblem(source: string): string | null {
  if (source.length === 0) return 'must not be empty';
  if (source.length > PATTERN_MAX_LENGTH) return `must be at most ${PATTERN_MAX_LENGTH} characters`;
  try {
    new RegExp(source, 'iu');
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
  if (/\\[1-9]|\\k</.test(source)) return 'must not use backreferences';
  return nestedQuantifierProblem(source);
}

interface Group {
  hasQuantifier: boolean;
  hasAlternation: boolean;
}

function nestedQuantifierProblem(source: string): string | null {
  const stack: Group[] = [{ hasQuantifier: false, hasAlternation: false }];
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      i += 1; // an escaped character is a literal (or a class like \d): never structure
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    const top = stack[stack.length - 1] as Group;
    if (char === '[') inClass = true;
    else if (char === '(') stack.push({ hasQuantifier: false, hasAlternation: false });
    else if (char === '|') top.hasAlternation = true;
    else if (char === ')') {
      const closed = stack.pop() as Group;
      const parent = stack[stack.length - 1] as Group;
      const repeat = unboundedQuantifierAt(source, i + 1);
      if (repeat && (closed.hasQuantifier || closed.hasAlternation)) {
        return 'must not repeat without bound a group that contains a quantifier or an alternation, e.g. (a+)+ or (a|b)*: such patterns can take exponential time';
      }
      if (closed.hasQuantifier || quantifierAt(source, i + 1)) parent.hasQuantifier = true;
    } else if (char === '*' || char === '+' || (char === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i)))) {
      top.hasQuantifier = true;
    } else if (char === '?' && source[i - 1] !== '(') {
      // (?: (?= (?<name> open groups; any other ? is a quantifier: (a?)+ backtracks too.
      top.hasQuantifier = true;
    }
  }
  return null;
}

function quantifierAt(source: string, index: number): boolean {
  const rest = source.slice(index);
  return /^([*+?]|\{\d+(,\d*)?\})/.test(rest);
}

function unboundedQuantifierAt(source: string, index: number): boolean {
  return /^([*+]|\{\d+,\})/.test(source.slice(index));
}
