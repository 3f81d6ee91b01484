import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const { version } = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as { version: string };

// The app is served by `moneta serve` at /app/ under a CSP without 'unsafe-inline': no inline
// scripts or styles may reach index.html, so Vite's inline module-preload polyfill is off.
export default defineConfig({
  root: here('.'),
  base: '/app/',
  plugins: [preact()],
  define: { __MONETA_VERSION__: JSON.stringify(version) },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  server: { proxy: { '^/(transactions|banks|categories|manage|healthz|reports|changes|imports|rules)': 'http://127.0.0.1:8080' } },
});
