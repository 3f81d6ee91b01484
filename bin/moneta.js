#!/usr/bin/env node
// The published entry point: runs the compiled CLI (built by `npm install` / `npm run build`).
import '../dist/src/cli/main.js';
