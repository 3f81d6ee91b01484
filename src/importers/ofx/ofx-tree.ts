// A small tokenizer for OFX. OFX 1.x is SGML where leaf elements are never closed
// (`<TRNAMT>-12.50` then the next tag); OFX 2.x is XML. One reader handles both: an opening
// tag followed by text is a leaf (a matching close tag, if any, is consumed); any other
// opening tag starts an aggregate that ends at its close tag, closing whatever is still open
// inside it. No XML library accepts the 1.x form, hence this file.
// Nothing here recurses: the tree is built with an explicit stack no deeper than
// MAX_ELEMENT_DEPTH, and searched with an explicit list.
import { MAX_ELEMENT_DEPTH, tooDeep } from '../nesting.js';

export interface OfxNode {
  name: string;
  /** Set for leaves: the trimmed, entity-decoded value. */
  text?: string;
  children: OfxNode[];
}

/**
 * Called with each aggregate as its element closes, its subtree complete (nothing is added to a
 * closed element): what stands in its place in the tree, or undefined to keep it as it is.
 */
export type OnClose = (node: OfxNode) => OfxNode | undefined;

/** `fileLabel` names the file in the error for elements nested deeper than MAX_ELEMENT_DEPTH. */
export function parseOfxTree(source: string, fileLabel: string, onClose?: OnClose): OfxNode {
  const root: OfxNode = { name: '#root', children: [] };
  const stack: OfxNode[] = [root];
  const length = source.length;
  let i = source.search(/<OFX>/i);
  if (i < 0) return root;
  while (i < length) {
    const open = source.indexOf('<', i);
    if (open < 0) break;
    if (source.startsWith('<!--', open)) {
      const end = source.indexOf('-->', open + 4);
      i = end < 0 ? length : end + 3;
      continue;
    }
    const close = source.indexOf('>', open + 1);
    if (close < 0) break;
    const tag = source.slice(open + 1, close).trim();
    i = close + 1;
    if (tag.startsWith('?') || tag.startsWith('!')) continue;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim().toUpperCase();
      const at = stack.findLastIndex((node) => node.name === name);
      if (at > 0) {
        // Closed, innermost first; each is its parent's last child (it was open until now).
        if (onClose) for (let k = stack.length - 1; k >= at; k--) replaceLastChild(stack[k - 1] as OfxNode, onClose(stack[k] as OfxNode));
        stack.length = at;
      }
      continue;
    }
    const name = (tag.split(/\s/, 1)[0] ?? '').replace(/\/$/, '').toUpperCase();
    const parent = stack[stack.length - 1] as OfxNode;
    const leaf = readLeafText(source, i);
    if (tag.endsWith('/')) {
      parent.children.push({ name, text: '', children: [] });
    } else if (leaf.text !== '' || leaf.cdata) {
      parent.children.push({ name, text: leaf.text, children: [] });
      i = leaf.end;
      // XML form: skip the leaf's own close tag so it does not close an aggregate.
      const ownClose = new RegExp(`^</\\s*${name}\\s*>`, 'i');
      const rest = source.slice(i, i + name.length + 8);
      const closeMatch = ownClose.exec(rest);
      if (closeMatch) i += closeMatch[0].length;
    } else {
      const node: OfxNode = { name, children: [] };
      parent.children.push(node);
      stack.push(node);
      if (stack.length - 1 > MAX_ELEMENT_DEPTH) throw tooDeep(fileLabel);
    }
  }
  return root;
}

function replaceLastChild(parent: OfxNode, replacement: OfxNode | undefined): void {
  if (replacement) parent.children[parent.children.length - 1] = replacement;
}

/**
 * The text after an opening tag, up to the next tag: plain text (entities decoded) and
 * `<![CDATA[...]]>` sections (taken literally), which OFX 2.x exporters use for NAME and MEMO.
 * `cdata` tells an empty CDATA leaf from an aggregate's opening tag.
 */
function readLeafText(source: string, from: number): { text: string; end: number; cdata: boolean } {
  let text = '';
  let at = from;
  let cdata = false;
  for (;;) {
    const next = source.indexOf('<', at);
    const stop = next < 0 ? source.length : next;
    const plain = source.slice(at, stop);
    if (plain.trim() !== '') text += decodeEntities(cdata ? plain : plain.trim());
    if (next < 0 || !source.startsWith('<![CDATA[', next)) return { text: text.trim(), end: stop, cdata };
    const close = source.indexOf(']]>', next + 9);
    text += source.slice(next + 9, close < 0 ? source.length : close);
    cdata = true;
    at = close < 0 ? source.length : close + 3;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the XML entities; a bare "&" (common in 1.x files) is left as it is. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** All nodes with this name (or one of these names) below `node`, in document order (not descending into matches). */
export function findAll(node: OfxNode, name: string | { has(name: string): boolean }): OfxNode[] {
  const matches = typeof name === 'string' ? (candidate: string) => candidate === name : (candidate: string) => name.has(candidate);
  const out: OfxNode[] = [];
  const pending = [...node.children].reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (matches(next.name)) out.push(next);
    else for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i] as OfxNode);
  }
  return out;
}

/**
 * First node with this name below `node`, depth-first. Searching descendants rather than
 * direct children keeps working when an empty 1.x leaf (`<MEMO>` with no value) was read
 * as an aggregate and swallowed its following siblings.
 */
export function findFirst(node: OfxNode, name: string): OfxNode | undefined {
  const pending = [...node.children].reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.name === name) return next;
    for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i] as OfxNode);
  }
  return undefined;
}

export function textOf(node: OfxNode, name: string): string | undefined {
  return findFirst(node, name)?.text;
}
