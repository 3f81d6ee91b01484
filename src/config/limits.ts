/** Resource limits of the HTTP server: their shape and defaults, read by config.ts and enforced by http/security/limits.ts. */
export interface LimitOptions {
  /** Longest request line + headers, in bytes (Node's limit; 431 beyond it). */
  maxHeaderBytes: number;
  /** Longest URL (path and query), in characters (414 beyond it). */
  maxUrlLength: number;
  /** A client must send its whole request within this time (408 beyond it). */
  requestTimeoutMs: number;
  /** An idle connection is closed after this time. */
  connectionTimeoutMs: number;
  /** Requests handled at once; more get 503 with Retry-After instead of waiting in a queue. */
  maxInFlight: number;
  /** Event-loop delay above which new requests get 503 with Retry-After (0: not checked). */
  maxEventLoopDelayMs: number;
  /** Per-client rate limit (by remote address); undefined: none. */
  rateLimit?: { max: number; windowMs: number };
}

export const DEFAULT_LIMITS: LimitOptions = {
  maxHeaderBytes: 16 * 1024,
  // A 1000-character description filter in 4-byte UTF-8, percent-encoded, is 12,000 characters.
  maxUrlLength: 14 * 1024,
  requestTimeoutMs: 30_000,
  connectionTimeoutMs: 60_000,
  maxInFlight: 512,
  maxEventLoopDelayMs: 1000,
};
