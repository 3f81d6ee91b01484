// The lines and field tags of an MT940 file, as exports really write them. Besides one field
// line per physical line, banks' exports show: HBCI/FinTS dumps that separate lines with "@@"
// (often all on one physical line), indented lines, and fixed-width wrapping that leaves a
// tag's colon alone at the end of a line (":" then "61:..." on the next, seen in Sparkasse
// exports) or puts a wrapped time at the start of one (":30:45" continuing "T12").
import { readDecodedLines, type TextEncoding } from '../encoding.js';

export interface Mt940Line {
  /** The line without trailing whitespace. */
  text: string;
  /** 1-based: the physical line, or for "@@"-separated lines, the separated line. */
  line: number;
}

/** Logical lines: physical lines split at "@@", numbered in that order. */
export async function* readMt940Lines(path: string, encoding: TextEncoding): AsyncGenerator<Mt940Line> {
  let line = 0;
  for await (const physical of readDecodedLines(path, encoding)) {
    if (!physical.includes('@@')) {
      line++;
      yield { text: physical.trimEnd(), line };
      continue;
    }
    // "@@" separates lines: one before the first field or after the last starts or ends nothing.
    const parts = physical.split('@@');
    while (parts.length > 1 && parts[0]?.trim() === '') parts.shift();
    while (parts.length > 1 && parts[parts.length - 1]?.trim() === '') parts.pop();
    for (const part of parts) {
      line++;
      yield { text: part.trimEnd(), line };
    }
  }
}

const TAG = /^\s*:(\d{2}[A-Z]?):/;

export interface FieldStart {
  tag: string;
  value: string;
}

/**
 * The field a line starts, or undefined for a continuation line. Inside the `:86:` of an
 * entry, a two-digit tag below 60 (":20:", ":25:", ":30:") is the rest of a wrapped time,
 * not a field: no field that may follow an entry's details has such a tag.
 */
export function fieldStart(text: string, inDetails: boolean): FieldStart | undefined {
  const match = TAG.exec(text);
  if (!match) return undefined;
  const tag = match[1] as string;
  if (inDetails && /^\d{2}$/.test(tag) && Number(tag) < 60) return undefined;
  return { tag, value: text.slice(match[0].length) };
}

/** A line holding only a tag's colon, whose tag and value are on the next line. */
export function isLoneColon(text: string): boolean {
  return text.trim() === ':';
}
