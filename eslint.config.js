import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import monetaCycles from './scripts/eslint/import-cycles.mjs';
import monetaLayers from './scripts/eslint/folder-layers.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/http/contract.gen.ts', 'bench/results/**', 'bench/.data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Folders of src/ import only downward (docs/architecture.md), so no two import each other.
    files: ['src/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx'],
    plugins: { moneta: monetaLayers },
    rules: {
      'moneta/folder-layers': 'error',
    },
  },
  {
    // No file of src/ imports one that imports it back, through any number of others (docs/architecture.md).
    files: ['src/**/*.ts'],
    plugins: { 'moneta-cycles': monetaCycles },
    rules: {
      'moneta-cycles/import-cycles': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
