// An OFX file is mostly its transactions. Its whole tree, a node per element, took about 1.7 GB
// for a 95 MiB file (issue 28, item 16). So each transaction (STMTTRN, and an investment
// statement's trades) is read as its element closes: the fields a row is made of are taken from
// its complete subtree, and the subtree is let go, so only one transaction's tree is held at a
// time. The file is read by the same tokenizer, in one pass: a transaction's text cannot be cut
// out and parsed alone, because an OFX 1.x close tag closes whatever is open inside it (a
// `</BANKTRANLIST>` ends an unclosed STMTTRN), which a piece read alone would not see.
// A transaction that holds what the statement reader searches the whole tree for (an account, a
// statement, another transaction: findFirst and findAll descend into everything) could read
// differently: such a file is left to the whole-tree parse, as before.
import { SECURITIES_TRADES } from './ofx-investment.js';
import { type OfxNode, parseOfxTree, textOf } from './ofx-tree.js';

/** What is numbered as an entry: bank and card transactions, and investment statements' trades. */
export const ENTRIES: ReadonlySet<string> = new Set(['STMTTRN', ...SECURITIES_TRADES.keys()]);

/** What the statement reader looks for across the tree; never inside a transaction read alone. */
const SEARCHED: ReadonlySet<string> = new Set([...ENTRIES, 'OFX', 'STMTRS', 'CCSTMTRS', 'INVSTMTRS', 'BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM', 'FI']);

/** The leaves a row is made of (ofx-statement.ts's toItem), as textOf finds them in a transaction. */
export interface EntryFields {
  DTPOSTED: string | undefined;
  TRNAMT: string | undefined;
  NAME: string | undefined;
  MEMO: string | undefined;
  CHECKNUM: string | undefined;
  TRNTYPE: string | undefined;
  FITID: string | undefined;
}
export type EntryField = keyof EntryFields;

/** A transaction read as it closed: its name and its fields, without its subtree. */
export interface ReadEntry extends OfxNode {
  fields?: EntryFields;
}

/** The value of a transaction's leaf, whether it was read as it closed or is a whole subtree. */
export function fieldOf(entry: ReadEntry, name: EntryField): string | undefined {
  return entry.fields ? entry.fields[name] : textOf(entry, name);
}

/**
 * The tree with each closed transaction in its fields only; undefined when a transaction holds
 * something the reader searches for (read the file whole then). Depth and other errors throw as
 * parseOfxTree's do.
 */
export function parseOfxEntryByEntry(source: string, fileLabel: string): OfxNode | undefined {
  let unusual = false;
  const root = parseOfxTree(source, fileLabel, (node) => {
    if (unusual || !ENTRIES.has(node.name)) return undefined;
    if (holdsSearched(node)) {
      unusual = true;
      return undefined;
    }
    const read: ReadEntry = { name: node.name, children: [] };
    if (node.name === 'STMTTRN') read.fields = fieldsOf(node);
    return read;
  });
  return unusual ? undefined : root;
}

function fieldsOf(node: OfxNode): EntryFields {
  return {
    DTPOSTED: textOf(node, 'DTPOSTED'),
    TRNAMT: textOf(node, 'TRNAMT'),
    NAME: textOf(node, 'NAME'),
    MEMO: textOf(node, 'MEMO'),
    CHECKNUM: textOf(node, 'CHECKNUM'),
    TRNTYPE: textOf(node, 'TRNTYPE'),
    FITID: textOf(node, 'FITID'),
  };
}

function holdsSearched(node: OfxNode): boolean {
  const pending = [...node.children];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (SEARCHED.has(next.name)) return true;
    pending.push(...next.children);
  }
  return false;
}
