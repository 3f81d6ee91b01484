import cluster from 'node:cluster';
import { runCli } from './program.js';

const code = await runCli(process.argv);
// A serve worker that could not start ends now (its channel to the primary would keep it alive);
// the primary sees the exit code and stops. Its message is already written: stderr is synchronous.
if (code !== 0 && cluster.isWorker) process.exit(code);
// serve keeps running; every other command is done.
if (code !== 0 || !process.argv.includes('serve')) process.exitCode = code;
