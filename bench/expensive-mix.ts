/**
 * `expensive-mix`: four clients keep asking for a legal but expensive page (every row matches
 * the filter, the whole table is sorted on two columns, nearly all of it skipped), while two
 * others ask for single transactions by id. Reports the cheap requests' latency, and how the
 * expensive ones ended: completed (200) or refused at the statement time limit (503).
 */
import { measure, type Measured } from './load.js';

export const EXPENSIVE_CONNECTIONS = 4;
export const CHEAP_CONNECTIONS = 2;

export interface ExpensiveMixResult {
  expensive_path: string;
  cheap: { rps: number; p50_ms: number; p99_ms: number; failures: number };
  expensive: { completed: number; refused_or_failed: number; p50_ms: number; p99_ms: number };
}

export async function measureExpensiveMix(url: string, rows: number, seconds: number): Promise<ExpensiveMixResult> {
  const expensivePath = `/transactions?description=%20&sort=date,description&offset=${Math.max(0, rows - 10_000)}`;
  const [expensive, cheap] = await Promise.all([
    measure(url, { name: 'expensive', path: expensivePath, connections: EXPENSIVE_CONNECTIONS }, seconds),
    measure(url, { name: 'cheap', path: '/transactions/1', connections: CHEAP_CONNECTIONS }, seconds),
  ]);
  return {
    expensive_path: expensivePath,
    cheap: pick(cheap),
    expensive: { completed: expensive.requests - expensive.failures, refused_or_failed: expensive.failures, p50_ms: expensive.p50_ms, p99_ms: expensive.p99_ms },
  };
}

function pick(run: Measured): ExpensiveMixResult['cheap'] {
  return { rps: run.rps, p50_ms: run.p50_ms, p99_ms: run.p99_ms, failures: run.failures };
}
