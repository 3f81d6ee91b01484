// How deep a statement's elements may nest. Real statements nest a dozen levels at most (CAMT's
// Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RltdPties/Cdtr/Pty/PstlAdr/AdrLine is 11); a
// file nested thousands deep is an attack on the parser's stack, refused before it can overflow.
import { StatementError } from './types.js';

export const MAX_ELEMENT_DEPTH = 100;

export function tooDeep(fileLabel: string): StatementError {
  return new StatementError(
    `${fileLabel} nests elements more than ${MAX_ELEMENT_DEPTH} deep; statements nest a dozen levels at most, so it is not a statement Moneta can read`,
  );
}
