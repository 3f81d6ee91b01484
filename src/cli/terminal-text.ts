/** The command line's name for the terminal-safe text of src/domain/terminal-text.ts (the server's log lines use it too). */
export { jsonForTerminal, terminalSafe } from '../domain/terminal-text.js';
