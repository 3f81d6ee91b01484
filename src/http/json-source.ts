import type { FieldError } from '../domain/errors.js';

/**
 * What JSON.parse forgives and a request must not get away with, found in the source text of a
 * body JSON.parse has already accepted (so the text is known to be valid JSON):
 * - an object naming the same property twice (`{"category":"a","category":"b"}`: the last
 *   would silently win);
 * - a non-zero number too small for a double (`1e-400`: it would be stored as 0);
 * - nesting deeper than `maxDepth` levels.
 * Returns the first problem, named as a client wrote the field (`category`, `a.b[2]`).
 */
export function jsonSourceProblem(text: string, maxDepth: number): FieldError | null {
  try {
    new SourceScanner(text, maxDepth).scan();
    return null;
  } catch (error) {
    if (error instanceof SourceProblem) return { in: 'body', name: error.field, message: error.message };
    throw error;
  }
}

class SourceProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

class SourceScanner {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  scan(): void {
    this.value('', 0);
  }

  private value(path: string, depth: number): void {
    if (depth > this.maxDepth) throw new SourceProblem(path || 'body', `nests deeper than ${this.maxDepth} levels`);
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '{') this.object(path, depth);
    else if (char === '[') this.array(path, depth);
    else if (char === '"') this.string();
    else if (char === 't' || char === 'n') this.at += 4;
    else if (char === 'f') this.at += 5;
    else this.number(path);
  }

  private object(path: string, depth: number): void {
    this.at += 1;
    const keys = new Set<string>();
    this.skipSpace();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return;
    }
    for (;;) {
      this.skipSpace();
      const start = this.at;
      const key = JSON.parse(this.text.slice(start, this.string())) as string;
      const name = path ? `${path}.${key}` : key;
      if (keys.has(key)) throw new SourceProblem(name, 'appears more than once in the same object');
      keys.add(key);
      this.skipSpace();
      this.at += 1; // ':'
      this.value(name, depth + 1);
      this.skipSpace();
      const separator = this.text[this.at];
      this.at += 1;
      if (separator === '}') return;
    }
  }

  private array(path: string, depth: number): void {
    this.at += 1;
    this.skipSpace();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return;
    }
    for (let index = 0; ; index += 1) {
      this.value(`${path}[${index}]`, depth + 1);
      this.skipSpace();
      const separator = this.text[this.at];
      this.at += 1;
      if (separator === ']') return;
    }
  }

  /** Skips a string starting at the opening quote; returns the index after the closing one. */
  private string(): number {
    this.at += 1;
    while (this.text[this.at] !== '"') this.at += this.text[this.at] === '\\' ? 2 : 1;
    this.at += 1;
    return this.at;
  }

  private number(path: string): void {
    NUMBER.lastIndex = this.at;
    const token = NUMBER.exec(this.text)?.[0] ?? '';
    this.at += token.length;
    const mantissa = token.split(/[eE]/)[0] ?? '';
    if (Number(token) === 0 && /[1-9]/.test(mantissa)) {
      throw new SourceProblem(path || 'body', `is too small to represent (${token} would be stored as 0)`);
    }
  }

  private skipSpace(): void {
    for (;;) {
      const char = this.text[this.at];
      if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') return;
      this.at += 1;
    }
  }
}
