/**
 * Text that came from outside (statement contents, category, bank, rule and token names, file
 * names) is data: printed to a terminal it must never move the cursor, change colours, set the
 * window title or reorder what follows. Every human-readable line the command line prints, and
 * the server's human log lines (server/human-log.ts), go through terminalSafe; JSON output goes
 * through jsonForTerminal.
 *
 * Escaped: C0 controls (tab and newline included: one value stays on one line), DEL, C1
 * controls (U+0080..U+009F: 0x9B is CSI on many terminals) and the bidirectional controls that
 * can make text display in another order than it is stored. Everything else, backslashes
 * included, is printed as it is, so ordinary names and paths look the same.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** keepLineBreaks: a message of several lines (a parser's explanation) keeps its newlines. */
export function terminalSafe(text: string, keepLineBreaks = false): string {
  return text.replace(UNSAFE, (char) => (keepLineBreaks && char === '\n' ? char : (NAMED[char] ?? escapeCodePoint(char))));
}

function escapeCodePoint(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON.stringify already writes C0 controls as \u00XX; DEL, C1 and the bidirectional controls
 * it leaves raw. Writing them as \u escapes too keeps the JSON equal (it parses to the same
 * strings) and the terminal safe.
 */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_JSON, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
