/** The load generator: autocannon, driven from this process. */
import { createRequire } from 'node:module';

interface AutocannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
  timeout?: number;
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations; the two shapes above are the part this file uses.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  /** A fixed path, or one per request (ids, bodies vary). */
  path: string | (() => string);
  body?: () => string;
  connections: number;
}

export interface Measured {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  failures: number;
}

export async function measure(baseUrl: string, scenario: Scenario, seconds: number): Promise<Measured> {
  const { path, body } = scenario;
  const request: AutocannonRequest = {
    method: scenario.method ?? 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    setupRequest: (req) => ({
      ...req,
      path: typeof path === 'string' ? path : path(),
      ...(body ? { body: body() } : {}),
    }),
  };
  const result = await autocannon({ url: baseUrl, connections: scenario.connections, duration: seconds, requests: [request], timeout: 30 });
  const completed = result.requests.total;
  return {
    name: scenario.name,
    // Completed responses per second of the run; only 2xx answers count as served.
    rps: result.duration > 0 ? round((completed - result.non2xx) / result.duration) : 0,
    p50_ms: round(result.latency.p50),
    p99_ms: round(result.latency.p99),
    requests: completed,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
