// Where each value of a JSON document starts, by JSON pointer, so a message about a user's
// profile can say "my-bank.json:7:15" instead of only "/columns/date". JSON.parse has
// already accepted the text when this runs; this scanner only records positions.

export interface TextPosition {
  line: number;
  column: number;
}

/** Pointer ("" for the root, "/columns/date/0") -> position of the value (and of its key). */
export function jsonPositions(text: string): Map<string, { value: TextPosition; key?: TextPosition }> {
  const out = new Map<string, { value: TextPosition; key?: TextPosition }>();
  let at = 0;
  const position = (offset: number): TextPosition => {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - before.lastIndexOf('\n') };
  };
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] as string)) at++;
  };
  const readString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (pointer: string, key?: TextPosition): void => {
    skipSpace();
    out.set(pointer, key ? { value: position(at), key } : { value: position(at) });
    const ch = text[at];
    if (ch === '{') {
      at++;
      for (;;) {
        skipSpace();
        if (text[at] === '}') { at++; return; }
        if (text[at] === ',') { at++; continue; }
        const keyAt = position(at);
        const name = readString();
        skipSpace();
        at++; // the colon
        value(`${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`, keyAt);
      }
    }
    if (ch === '[') {
      at++;
      for (let index = 0; ; ) {
        skipSpace();
        if (text[at] === ']') { at++; return; }
        if (text[at] === ',') { at++; continue; }
        value(`${pointer}/${index++}`);
      }
    }
    if (ch === '"') { readString(); return; }
    while (at < text.length && !/[\s,\]}]/.test(text[at] as string)) at++;
  };
  value('');
  return out;
}
