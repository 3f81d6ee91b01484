// A CAMT.053 file is mostly its entries (Ntry). Parsed whole, a 95 MiB file became a tree of
// about 1.8 GB (issue 28, item 16). So the file is cut into its entries first: the document
// without them (each Ntry left as an empty placeholder) is parsed as a tree, and each entry on its
// own, one at a time, as the statement is read. What the parser sees of each part is exactly the
// text it saw in the whole document, so an entry reads the same. Anything this cutting cannot be
// sure of (comments, CDATA, a DOCTYPE, entries that are not where a statement keeps them) is left
// to the whole-document parse, as before.

/** The file cut into a document without its entries, and the text of each entry, in file order. */
export interface CutDocument {
  skeleton: string;
  entries: string[];
}

/** An entry's opening tag: `<Ntry>`, `<Ntry attr="...">`, `<ns:Ntry>`, or an empty `<Ntry/>`. */
const OPENING = /<([A-Za-z_][\w.-]*:)?Ntry(?=[\s/>])[^>]*>/g;

/** Undefined when the file holds anything the cut could read differently from the whole parse. */
export function cutEntries(text: string): CutDocument | undefined {
  if (text.includes('<!--') || text.includes('<![CDATA[') || text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) return undefined;
  const entries: string[] = [];
  const parts: string[] = [];
  let copied = 0;
  OPENING.lastIndex = 0;
  for (let open = OPENING.exec(text); open !== null; open = OPENING.exec(text)) {
    const prefix = open[1] ?? '';
    // An attribute's value may hold a '>': an entry with attributes is a file to read whole.
    if (/["']/.test(open[0])) return undefined;
    const start = open.index;
    let end: number;
    if (open[0].endsWith('/>')) end = start + open[0].length;
    else {
      const closing = `</${prefix}Ntry>`;
      const close = text.indexOf(closing, OPENING.lastIndex);
      if (close < 0) return undefined;
      // Entries do not nest: another opening before this one's end is a file to read whole.
      const inner = text.slice(OPENING.lastIndex, close);
      if (/<([A-Za-z_][\w.-]*:)?Ntry(?=[\s/>])/.test(inner)) return undefined;
      end = close + closing.length;
    }
    parts.push(text.slice(copied, start), `<${prefix}Ntry/>`);
    entries.push(text.slice(start, end));
    copied = end;
    OPENING.lastIndex = end;
  }
  parts.push(text.slice(copied));
  return { skeleton: parts.join(''), entries };
}
