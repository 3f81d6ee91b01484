// Character encodings. Bank exports arrive as UTF-8 (with or without BOM), UTF-16 from
// spreadsheet "Unicode text" exports, and Windows-1252 from older German and French banks.
// Decoding is always streamed so large files never sit in memory as one string.
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows1252' | 'latin1';

/** Names a profile or file header may use, mapped to what iconv-lite understands. */
const ENCODING_ALIASES: Record<string, TextEncoding> = {
  'utf8': 'utf8', 'utf-8': 'utf8',
  'utf16le': 'utf16le', 'utf-16le': 'utf16le', 'utf-16': 'utf16le',
  'utf16be': 'utf16be', 'utf-16be': 'utf16be',
  'windows1252': 'windows1252', 'windows-1252': 'windows1252', 'cp1252': 'windows1252', '1252': 'windows1252',
  'latin1': 'latin1', 'latin-1': 'latin1', 'iso-8859-1': 'latin1', 'iso8859-1': 'latin1',
};

export function normaliseEncodingName(name: string): TextEncoding | undefined {
  return ENCODING_ALIASES[name.trim().toLowerCase()];
}

export const HEAD_BYTES = 64 * 1024;

/** The first bytes of a file, enough for format, encoding and header detection. */
export async function readHead(path: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isValidUtf8Prefix(bytes: Buffer): boolean {
  // The head may end in the middle of a multi-byte character; allow up to 3 cut bytes.
  for (let cut = 0; cut <= 3 && cut < bytes.length; cut++) {
    try {
      strictUtf8.decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {
      // try a shorter prefix
    }
  }
  return bytes.length === 0;
}

/**
 * Guesses the encoding from the first bytes: a BOM decides; otherwise NUL bytes on every
 * other position mean UTF-16; otherwise valid UTF-8 is UTF-8 and anything else is read as
 * Windows-1252 (a superset of Latin-1 for printable text). Invalid UTF-8 that first appears
 * after the head would show as U+FFFD; the head is 64 KB, so this is rare in practice.
 */
export function detectEncoding(head: Buffer): TextEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  const sample = Math.min(head.length, 512) & ~1;
  if (sample >= 4) {
    let evenZeros = 0;
    let oddZeros = 0;
    for (let i = 0; i < sample; i += 2) {
      if (head[i] === 0) evenZeros++;
      if (head[i + 1] === 0) oddZeros++;
    }
    const pairs = sample / 2;
    if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf16le';
    if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf16be';
  }
  return isValidUtf8Prefix(head) ? 'utf8' : 'windows1252';
}

/** Decodes the head, BOM removed. A character cut at the end of the head may come out as U+FFFD. */
export function decodeHead(head: Buffer, encoding: TextEncoding): string {
  return iconv.decode(head, encoding);
}

/** A stream of decoded string chunks, BOM removed. */
export function openDecodedStream(path: string, encoding: TextEncoding): Readable {
  // iconv-lite types the result as a generic duplex; it is a Node Readable at runtime.
  return createReadStream(path).pipe(iconv.decodeStream(encoding)) as unknown as Readable;
}

/** Decoded lines with CR, LF and CRLF endings all handled; used by the line-based formats. */
export function readDecodedLines(path: string, encoding: TextEncoding): AsyncIterable<string> {
  return createInterface({ input: openDecodedStream(path, encoding), crlfDelay: Infinity });
}

export const ENCODING_LABELS: Record<TextEncoding, string> = {
  utf8: 'UTF-8', utf16le: 'UTF-16LE', utf16be: 'UTF-16BE', windows1252: 'Windows-1252', latin1: 'ISO-8859-1',
};

export interface DecodedFile {
  text: string;
  /** Set when the file declares a single-byte charset but its bytes are UTF-8: that declared charset. */
  overruled?: TextEncoding;
}

/**
 * The whole file as text, for formats whose parser needs the complete document. `declared`
 * is the encoding the file says it uses, if any. It wins over the guess, except that bytes
 * that are not UTF-8 are never read as UTF-8, and bytes that are valid UTF-8 with non-ASCII
 * characters are read as UTF-8 whatever the header says: exporters copy a CHARSET:1252
 * header onto UTF-8 data, and reading it as 1252 turns "CRÉDITO" into "CRÃ‰DITO".
 */
export async function readDecodedFile(path: string, declared?: (text: string) => TextEncoding | undefined): Promise<DecodedFile> {
  const bytes = await readFile(path);
  let encoding = detectEncoding(bytes);
  if (declared && encoding !== 'utf16le' && encoding !== 'utf16be') {
    const named = declared(bytes.subarray(0, 1024).toString('latin1'));
    if (named && named !== encoding && encoding === 'utf8' && hasNonAscii(bytes)) {
      return { text: iconv.decode(bytes, 'utf8'), overruled: named };
    }
    if (named && !(named === 'utf8' && encoding !== 'utf8')) encoding = named;
  }
  return { text: iconv.decode(bytes, encoding) };
}

function hasNonAscii(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}

/** What a UTF-8 text looked like when its bytes were read in a single-byte charset. */
export function misdecoded(text: string, as: TextEncoding): string {
  return iconv.decode(Buffer.from(text, 'utf8'), as);
}
