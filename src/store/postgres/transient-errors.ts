/** Node socket errors that mean the server is not there (stopped, restarting, unreachable). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATE classes and codes after which the same request can succeed later:
 * 08 connection exception, 53 insufficient resources, 57P01-57P03 shutdown / cannot connect now,
 * 57014 statement timeout, 40001/40P01 serialization failure / deadlock.
 */
export function isTransientPostgresError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) return true;
    if (code === '57014' || code === '40001' || code === '40P01') return true;
  }
  // node-postgres reports these without a code.
  return (
    /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error/i.test(
      message,
    )
  );
}
