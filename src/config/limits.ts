/** Resource limits of the HTTP server: their shape and defaults, read by config.ts and enforced by http/security/limits.ts. */
export interface LimitOptions {
  /** Longest request line + headers, in bytes (Node's limit; 431 beyond it). */
  maxHeaderBytes: number;
  /** Longest URL (path and query), in characters (414 beyond it). */
  maxUrlLength: number;
  /**
   * A client must send its headers, and any body but a statement upload, within this time (408
   * beyond it). A statement upload (createImport) is bounded by `uploadStallTimeoutMs` instead.
   */
  requestTimeoutMs: number;
  /**
   * A statement upload is cut (408, connection closed) when no byte of it arrives for this long;
   * one that keeps coming, however slowly, is read to its end (the import limit bounds its size).
   */
  uploadStallTimeoutMs: number;
  /** A connection with nothing to do (between keep-alive requests, too) is closed after this time. */
  connectionTimeoutMs: number;
  /** Requests handled at once; more get 503 with Retry-After instead of waiting in a queue. */
  maxInFlight: number;
  /** Of those, from one client address (counted from its headers, so slow bodies count too). */
  maxInFlightPerClient: number;
  /** Of those, on one connection (pipelined requests). */
  maxInFlightPerConnection: number;
  /**
   * Event-loop delay above which new requests get 503 with Retry-After (0: not checked), while
   * `shedBusyInFlight` or more requests are in flight (http/security/load-shedding.ts).
   */
  maxEventLoopDelayMs: number;
  /** Requests in flight from which a slow event loop is this server's own backlog, not other work on the machine. */
  shedBusyInFlight: number;
  /** Per-client rate limit (by remote address); undefined: none. */
  rateLimit?: { max: number; windowMs: number };
  /** Backup downloads (GET /manage/backup) made or sent at once by one process; more get 503 with Retry-After. */
  maxBackupDownloads: number;
  /** A backup download still being sent this long after its first byte is cut off, and its copy closed. */
  backupTimeoutMs: number;
}

export const DEFAULT_LIMITS: LimitOptions = {
  maxHeaderBytes: 16 * 1024,
  // A 1000-character description filter in 4-byte UTF-8, percent-encoded, is 12,000 characters.
  maxUrlLength: 14 * 1024,
  requestTimeoutMs: 30_000,
  uploadStallTimeoutMs: 30_000,
  connectionTimeoutMs: 60_000,
  maxInFlight: 512,
  maxInFlightPerClient: 64,
  maxInFlightPerConnection: 8,
  maxEventLoopDelayMs: 1000,
  shedBusyInFlight: 16,
  maxBackupDownloads: 2,
  backupTimeoutMs: 600_000,
};

/**
 * How long createImport waits for its report before answering 202 with the import's job
 * (`--import-answer-time`); kept under half the idle limit, so a quiet connection is never cut first.
 */
export const DEFAULT_IMPORT_ANSWER_MS = 20_000;

/** How long a server process reuses the API token list before reading it again (`--token-cache`). */
export const DEFAULT_TOKEN_CACHE_MS = 1000;

/** Streamed pages (limit above the page size): at once per process, and how long one may take (see store/stream-gate.ts). */
export interface StreamLimitOptions {
  /** Streamed pages sent at once by one process; more are refused (503 with Retry-After). */
  maxStreams: number;
  /** A streamed page still being sent after this long is cut off and its snapshot released. */
  streamTimeoutMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimitOptions = { maxStreams: 4, streamTimeoutMs: 60_000 };

/** SQLite: threads reading the pages no index bounds, per process (see store/sqlite/read-pool.ts). */
export const DEFAULT_READ_THREADS = 2;
