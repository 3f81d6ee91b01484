import { DEFAULT_IMPORT_ANSWER_MS, DEFAULT_LIMITS, DEFAULT_TOKEN_CACHE_MS, type LimitOptions } from './limits.js';

/** Serve flags of the Security section; parsed by config.ts together with the others. */
export interface SecurityFlags {
  allowedHost?: string[];
  corsOrigin?: string[];
  insecureNoAuth?: boolean;
  bodyLimit?: string;
  importLimit?: string;
  importAnswerTime?: string;
  maxHeaderSize?: string;
  maxUrlLength?: string;
  requestTimeout?: string;
  uploadStallTimeout?: string;
  connectionTimeout?: string;
  maxInFlight?: string;
  maxInFlightPerClient?: string;
  maxInFlightPerConnection?: string;
  maxEventLoopDelay?: string;
  rateLimit?: string;
  maxBackupDownloads?: string;
  backupTimeout?: string;
  tokenCache?: string;
}

export interface SecurityConfig {
  /** Host names accepted besides the loopback ones. */
  allowedHosts: string[];
  corsOrigins: string[];
  /** Listen beyond loopback without any token. */
  insecureNoAuth: boolean;
  bodyLimit: number;
  /** Largest statement a createImport body may be, in bytes. */
  importLimit: number;
  /** How long createImport waits for its report before answering 202 with a job, in ms. */
  importAnswerMs: number;
  /** How long a process reuses the token list before reading it again (0: every request). */
  tokenCacheMs: number;
  limits: LimitOptions;
}

type Env = Record<string, string | undefined>;
type IntegerReader = (name: string, text: string | undefined, fallback: number, min: number, max: number) => number;

export function securityConfig(flags: SecurityFlags, env: Env, integer: IntegerReader, fail: (message: string) => Error): SecurityConfig {
  const corsOrigins = flags.corsOrigin ?? list(env.MONETA_CORS_ORIGINS);
  for (const origin of corsOrigins) {
    // An origin is scheme://host[:port], nothing more: a trailing slash or path never matches a browser's Origin.
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw fail(`--cors-origin must look like https://app.example.com (got "${origin}")`);
  }
  const allowedHosts = flags.allowedHost ?? list(env.MONETA_ALLOWED_HOSTS);
  for (const host of allowedHosts) {
    if (!/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(host)) throw fail(`--allowed-host must be a host name without port (got "${host}")`);
  }
  const rate = integer('--rate-limit', flags.rateLimit ?? env.MONETA_RATE_LIMIT, 0, 0, 1_000_000);
  return {
    allowedHosts,
    corsOrigins,
    insecureNoAuth: flags.insecureNoAuth ?? env.MONETA_INSECURE_NO_AUTH === '1',
    bodyLimit: integer('--body-limit', flags.bodyLimit ?? env.MONETA_BODY_LIMIT, 64 * 1024, 1024, 64 * 1024 * 1024),
    importLimit: integer('--import-limit', flags.importLimit ?? env.MONETA_IMPORT_LIMIT, 100 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
    importAnswerMs: integer('--import-answer-time', flags.importAnswerTime ?? env.MONETA_IMPORT_ANSWER_MS, DEFAULT_IMPORT_ANSWER_MS, 0, 3_600_000),
    tokenCacheMs: integer('--token-cache', flags.tokenCache ?? env.MONETA_TOKEN_CACHE_MS, DEFAULT_TOKEN_CACHE_MS, 0, 60_000),
    limits: {
      shedBusyInFlight: DEFAULT_LIMITS.shedBusyInFlight,
      maxHeaderBytes: integer('--max-header-size', flags.maxHeaderSize ?? env.MONETA_MAX_HEADER_SIZE, DEFAULT_LIMITS.maxHeaderBytes, 1024, 1024 * 1024),
      maxUrlLength: integer('--max-url-length', flags.maxUrlLength ?? env.MONETA_MAX_URL_LENGTH, DEFAULT_LIMITS.maxUrlLength, 256, 1024 * 1024),
      requestTimeoutMs: integer('--request-timeout', flags.requestTimeout ?? env.MONETA_REQUEST_TIMEOUT_MS, DEFAULT_LIMITS.requestTimeoutMs, 100, 3_600_000),
      uploadStallTimeoutMs: integer(
        '--upload-stall-timeout',
        flags.uploadStallTimeout ?? env.MONETA_UPLOAD_STALL_TIMEOUT_MS,
        DEFAULT_LIMITS.uploadStallTimeoutMs,
        100,
        3_600_000,
      ),
      connectionTimeoutMs: integer(
        '--connection-timeout',
        flags.connectionTimeout ?? env.MONETA_CONNECTION_TIMEOUT_MS,
        DEFAULT_LIMITS.connectionTimeoutMs,
        100,
        3_600_000,
      ),
      maxInFlight: integer('--max-in-flight', flags.maxInFlight ?? env.MONETA_MAX_IN_FLIGHT, DEFAULT_LIMITS.maxInFlight, 1, 1_000_000),
      maxInFlightPerClient: integer(
        '--max-in-flight-per-client',
        flags.maxInFlightPerClient ?? env.MONETA_MAX_IN_FLIGHT_PER_CLIENT,
        DEFAULT_LIMITS.maxInFlightPerClient,
        1,
        1_000_000,
      ),
      maxInFlightPerConnection: integer(
        '--max-in-flight-per-connection',
        flags.maxInFlightPerConnection ?? env.MONETA_MAX_IN_FLIGHT_PER_CONNECTION,
        DEFAULT_LIMITS.maxInFlightPerConnection,
        1,
        1_000_000,
      ),
      maxEventLoopDelayMs: integer(
        '--max-event-loop-delay',
        flags.maxEventLoopDelay ?? env.MONETA_MAX_EVENT_LOOP_DELAY_MS,
        DEFAULT_LIMITS.maxEventLoopDelayMs,
        0,
        600_000,
      ),
      rateLimit: rate > 0 ? { max: rate, windowMs: 60_000 } : undefined,
      maxBackupDownloads: integer(
        '--max-backup-downloads',
        flags.maxBackupDownloads ?? env.MONETA_MAX_BACKUP_DOWNLOADS,
        DEFAULT_LIMITS.maxBackupDownloads,
        1,
        1000,
      ),
      backupTimeoutMs: integer('--backup-timeout', flags.backupTimeout ?? env.MONETA_BACKUP_TIMEOUT_MS, DEFAULT_LIMITS.backupTimeoutMs, 100, 86_400_000),
    },
  };
}

function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
