import { dirname, relative, resolve } from 'node:path';

/**
 * The folders of src/ in layers: a file may import its own folder and the layers below it, never
 * one above, so no folder can import one that imports it back (a file at the top of src/, such
 * as app.ts, counts as a folder of its own; config.ts and config/ are one). Two folders on the
 * same layer (importers, store) may not import each other either.
 */
export const LAYERS = [['cli'], ['server'], ['app'], ['http'], ['services'], ['importers', 'store'], ['config'], ['domain', 'project-root', 'worker-threads']];

const rank = new Map(LAYERS.flatMap((folders, index) => folders.map((folder) => [folder, index])));

/** The folder (or top-level file) of src/ that `file` belongs to; undefined outside src/. */
function folderOf(srcRoot, file) {
  const path = relative(srcRoot, file);
  if (path.startsWith('..') || path === '') return undefined;
  return path.split(/[\\/]/)[0].replace(/\.[cm]?[jt]s$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
export const folderLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'a folder of src/ imports only folders on lower layers (see LAYERS)' },
    schema: [],
    messages: {
      upward: '{{from}}/ must not import {{to}}/ (layers, top to bottom: {{layers}}); move the code to the lower folder',
      unlisted: 'src/{{folder}} is in no layer of scripts/eslint/folder-layers.mjs: add it there',
      webImport: 'web/ imports nothing of the server but the contract\'s generated types: `import type` from src/http/contract.gen.js',
      serverImportsWeb: 'src/ must not import web/ (the web app sits above the server, beside it in the browser)',
    },
  },
  create(context) {
    const file = context.filename;
    const srcRoot = resolve(context.cwd, 'src');
    const webRoot = resolve(context.cwd, 'web');
    if (isInside(webRoot, file)) return webRules(context, webRoot, srcRoot);
    const from = folderOf(srcRoot, file);
    if (from === undefined) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      // Type-only imports still tie the folders' meanings together: they count.
      const target = resolve(dirname(file), source);
      if (isInside(webRoot, target)) {
        context.report({ node, messageId: 'serverImportsWeb' });
        return;
      }
      const to = folderOf(srcRoot, target);
      if (to === undefined || to === from) return;
      for (const folder of [from, to]) {
        if (!rank.has(folder)) {
          context.report({ node, messageId: 'unlisted', data: { folder } });
          return;
        }
      }
      if (rank.get(to) <= rank.get(from)) {
        context.report({ node, messageId: 'upward', data: { from, to, layers: LAYERS.map((layer) => layer.join('|')).join(' > ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

function isInside(root, file) {
  const path = relative(root, file);
  return path !== '' && !path.startsWith('..');
}

/**
 * The web app (web/) is the top layer, in the browser: of the server it may import only the
 * types generated from the contract (src/http/contract.gen.ts), type-only, so no server code
 * reaches the bundle and the app talks to the server through the API alone.
 */
function webRules(context, webRoot, srcRoot) {
  const contract = resolve(srcRoot, 'http/contract.gen');
  const check = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    const target = resolve(dirname(context.filename), source);
    if (isInside(webRoot, target)) return;
    const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
    if (target.replace(/\.[cm]?[jt]s$/, '') === contract && typeOnly) return;
    context.report({ node, messageId: 'webImport' });
  };
  return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
}

export default { rules: { 'folder-layers': folderLayers } };
