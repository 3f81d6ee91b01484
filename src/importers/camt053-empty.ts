// Why a CAMT file yields nothing to import. A file with no booked entry used to report
// "0 added, 0 duplicates, 0 invalid" and nothing else; it is refused instead, with the reason:
// another camt message (a camt.052 intraday report, a camt.054 notification), a namespace that
// is not camt.053's with no statement Moneta can read, statements without entries, or entries
// none of which is booked yet.
import type { ParsedItem } from './types.js';

/** The first element of an XML text: its local name and the namespace it declares for itself. */
export interface XmlRoot {
  name: string;
  namespace: string | undefined;
}

export function xmlRoot(text: string): XmlRoot | undefined {
  let at = 0;
  for (;;) {
    at = text.indexOf('<', at);
    if (at < 0) return undefined;
    if (text.startsWith('<?', at)) at = text.indexOf('?>', at) + 2;
    else if (text.startsWith('<!--', at)) at = text.indexOf('-->', at) + 3;
    else if (text.startsWith('<!', at)) at = text.indexOf('>', at) + 1;
    else break;
    if (at <= 1) return undefined; // an unterminated prolog item
  }
  const tag = /^<([\w.-]+:)?([\w.-]+)([^>]*)>/.exec(text.slice(at, at + 4096));
  if (!tag) return undefined;
  const prefix = tag[1] ? `:${tag[1].slice(0, -1)}` : '';
  const namespace = new RegExp(`\\sxmlns${prefix}\\s*=\\s*["']([^"']*)["']`).exec(tag[3] ?? '')?.[1];
  return { name: tag[2] as string, namespace };
}

const CAMT053_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/;

export function isCamt053Namespace(namespace: string | undefined): boolean {
  return CAMT053_NAMESPACE.test(namespace ?? '');
}

/** Other messages of the family, by their message element and namespace. */
const OTHER_MESSAGES: Array<{ element: string; namespace: RegExp; says: string }> = [
  {
    element: 'BkToCstmrAcctRpt',
    namespace: /camt\.052\./,
    says: 'is a camt.052 account report (BkToCstmrAcctRpt), not a camt.053 statement: reports are intraday and their entries may still change; import your bank\'s end-of-day statement (camt.053)',
  },
  {
    element: 'BkToCstmrDbtCdtNtfctn',
    namespace: /camt\.054\./,
    says: 'is a camt.054 debit/credit notification (BkToCstmrDbtCdtNtfctn), not a camt.053 statement: import your bank\'s account statement (camt.053)',
  },
];

/** The reason a file is another camt message than a statement, from its root and message element. */
export function otherMessage(fileLabel: string, root: XmlRoot | undefined, messageElements: readonly string[]): string | undefined {
  const other = OTHER_MESSAGES.find((m) => messageElements.includes(m.element) || m.namespace.test(root?.namespace ?? ''));
  return other ? `${fileLabel} ${other.says}` : undefined;
}

/** When the Document holds no BkToCstmrStmt/Stmt. */
export function noStatement(fileLabel: string, root: XmlRoot | undefined): string {
  if (!root) return `${fileLabel} is not an XML document, so not a camt.053 statement`;
  if (!isCamt053Namespace(root.namespace)) {
    const declared = root.namespace === undefined ? 'no namespace' : `the namespace "${root.namespace}"`;
    return `${fileLabel} declares ${declared}, not a camt.053 one (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN), and holds no statement (Stmt) Moneta can read`;
  }
  if (root.name !== 'Document') return `${fileLabel} is not a camt.053 statement: its root element is <${root.name}>, not <Document>`;
  return `${fileLabel} holds no statement: it has no BkToCstmrStmt/Stmt, so there is nothing to import`;
}

const STATUS_WORDS: Record<string, string> = { PDNG: 'pending', INFO: 'information only', FUTR: 'future' };

/**
 * Undefined when the items hold something to import or to fix (a row, an invalid entry);
 * otherwise why there is nothing: no entries, or none booked (`statuses`: each skipped
 * entry's status, undefined when it had none).
 */
export function nothingToImport(fileLabel: string, statements: number, items: readonly ParsedItem[], statuses: ReadonlyArray<string | undefined>): string | undefined {
  if (items.some((item) => item.kind !== 'skipped')) return undefined;
  if (items.length === 0) {
    const which = statements === 1 ? 'its statement (Stmt) has' : `its ${statements} statements (Stmt) have`;
    return `${fileLabel} holds no entries: ${which} no Ntry, so there is nothing to import`;
  }
  const counts = new Map<string, number>();
  for (const status of statuses) {
    const label = status === undefined ? 'without status or booking date' : `${STATUS_WORDS[status] ?? 'of status'} (${status})`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, count]) => `${count} ${label}`);
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${fileLabel} holds no booked entries: its ${items.length} entr${items.length === 1 ? 'y is' : 'ies are'} ${listed}, which may still change; import a statement in which they are booked (Sts BOOK)`;
}
