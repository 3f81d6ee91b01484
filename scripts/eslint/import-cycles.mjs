import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * No two files of src/ import each other, however long the loop and whatever they import (a type
 * only too: it ties the files' meanings together). folder-layers.mjs keeps the folders of src/ in
 * layers; this rule finds the loops between files, inside a folder as well. The graph is read
 * once per lint run from the source text of src/ (relative imports and re-exports), so the loop
 * is found whichever of its files is linted.
 */

/** Relative specifiers of a file's static imports, re-exports and import() calls. */
export function importSpecifiers(text) {
  const found = [];
  // `import ... from '.x'`, `export ... from '.x'`, `import '.x'`, `import('.x')`; comments are stripped first.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = /(?:^|[;\s}])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of code.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** The file a relative specifier names (`./a.js` is `./a.ts` in the source tree); undefined outside the tree. */
function resolveSpecifier(from, specifier) {
  const target = resolve(dirname(from), specifier);
  const stem = target.replace(/\.(js|mjs|cjs|jsx)$/, '');
  for (const candidate of [target, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function sourceFiles(root) {
  const out = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** file -> the files of the tree it imports. */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const targets = importSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target) => target !== undefined && !relative(root, target).startsWith('..'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The loops of a graph (node -> nodes it points to): its strongly connected components of more
 * than one node, and nodes that point to themselves (Tarjan's algorithm, without recursion).
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, position] = frame;
      const edges = graph.get(node) ?? [];
      if (position < edges.length) {
        frame[1] += 1;
        const target = edges[position];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.includes(node)) cycles.push(component.reverse());
      }
    }
  }
  return cycles;
}

/** One loop through `from` and `to` (an edge of the same component), as the path from `to` back to `from`. */
export function loopThrough(graph, members, from, to) {
  const inside = new Set(members);
  const previous = new Map([[to, undefined]]);
  const queue = [to];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === from) break;
    for (const target of graph.get(node) ?? []) {
      if (inside.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  const path = [];
  for (let node = from; node !== undefined; node = previous.get(node)) path.unshift(node);
  return [from, ...path];
}

/** Per source root, the graph and the component of each file in a loop; read once per process. */
const analyses = new Map();

function analysis(root) {
  let found = analyses.get(root);
  if (!found) {
    const graph = importGraph(root);
    const componentOf = new Map();
    for (const component of findCycles(graph)) for (const file of component) componentOf.set(file, component);
    found = { graph, componentOf };
    analyses.set(root, found);
  }
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'no file of src/ imports one that imports it back, directly or through others (type imports included)' },
    schema: [],
    messages: {
      cycle: 'this import closes a loop of imports: {{loop}}; move what both need into a file that neither imports back',
    },
  },
  create(context) {
    const root = resolve(context.cwd, 'src');
    const file = context.filename;
    if (relative(root, file).startsWith('..')) return {};
    const { graph, componentOf } = analysis(root);
    const component = componentOf.get(file);
    if (!component) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveSpecifier(file, source);
      if (!target || !component.includes(target)) return;
      const loop = loopThrough(graph, component, file, target).map((path) => relative(context.cwd, path));
      context.report({ node, messageId: 'cycle', data: { loop: loop.join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'import-cycles': importCycles } };
