// Format detection by content. File names lie (".txt" MT940, ".csv" that is really
// semicolon text with a preamble), so the extension only settles a weak CSV guess.
import { decodeHead, detectEncoding } from './encoding.js';
import type { StatementFormat } from './types.js';

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;

/** How many lines to look at when checking for a consistent delimiter. */
const SAMPLE_LINES = 30;

export function detectFormat(head: Buffer, fileName?: string): StatementFormat | null {
  const text = decodeHead(head, detectEncoding(head)).slice(0, 16 * 1024);
  if (text.includes('\u0000')) return null; // binary (PDF, XLS, ZIP...)
  const start = text.trimStart();
  if (/^OFXHEADER\s*:/i.test(start) || /<\?OFX\b/i.test(text) || /<OFX>/i.test(text)) return 'ofx';
  if (start.startsWith('<')) {
    // Other camt messages (camt.052, camt.054) go to the CAMT reader too, which says what they are.
    return /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]\.|<(\w+:)?BkToCstmr(Stmt|AcctRpt|DbtCdtNtfctn)\b/.test(text) ? 'camt053' : null;
  }
  if (/^!(Type|Account|Option)\b/im.test(text)) return 'qif';
  // MT940 fields start lines, also lines separated by HBCI's "@@", and indented ones.
  if ((/^\{1:/.test(start) || /(?:^|@@)[ \t]*:20:/m.test(text)) && /(?:^|@@)[ \t]*:(25|28C|60[FM]|61):/m.test(text)) return 'mt940';
  const csv = delimitedTextStrength(text);
  if (csv === 'strong') return 'csv';
  if (csv === 'weak' && /\.(csv|tsv|txt)$/i.test(fileName ?? '')) return 'csv';
  return null;
}

/**
 * "strong" when at least two lines split into the same number (> 1) of fields on one of the
 * candidate delimiters; "weak" for a single such line (a one-row export).
 * Quoted delimiters are rare enough in a head sample that a plain count is good enough here.
 */
function delimitedTextStrength(text: string): 'strong' | 'weak' | 'none' {
  const lines = text.split(/\r\n|\n|\r/).slice(0, SAMPLE_LINES).filter((l) => l.trim() !== '');
  let weak = false;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const fields = line.split(delimiter).length;
      if (fields > 1) counts.set(fields, (counts.get(fields) ?? 0) + 1);
    }
    for (const seen of counts.values()) {
      if (seen >= 2) return 'strong';
      weak = true;
    }
  }
  return weak ? 'weak' : 'none';
}
