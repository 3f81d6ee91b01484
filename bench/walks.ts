/**
 * Where a person walks (issue 26): the register newest first, one month, a month and a category,
 * a search newest first, a deep page newest first (load scenarios, like the others), and the
 * reports and the inbox, the rule preview, the category counts and the rule suggestions each
 * asked right after a write (so no remembered answer is served: any commit drops them, see
 * services/report-answers.ts).
 */
import type { Measured, Scenario } from './load.js';

/** A month inside the benchmark dataset's five years (it ends on 2026-10-31). */
const MONTH = 'from=2024-03-01&to=2024-03-31';

export function walkScenarios(rows: number, connections: number): Scenario[] {
  const deep = Math.floor(rows / 2);
  const scenario = (name: string, path: string): Scenario => ({ name, path, connections });
  return [
    scenario('newest-first', '/transactions?sort=-date&limit=100'),
    scenario('month', `/transactions?${MONTH}&limit=100`),
    scenario('month-newest', `/transactions?${MONTH}&sort=-date&limit=100`),
    scenario('month-category', `/transactions?${MONTH}&category=Groceries&sort=-date&limit=100`),
    scenario('search-newest', '/transactions?description=tesco&sort=-date&limit=100'),
    scenario('deep-newest', `/transactions?sort=-date&offset=${deep}&limit=100`),
  ];
}

interface AfterWrite {
  name: string;
  method?: 'POST';
  path: string;
  body?: string;
}

/** Each asked after a write; the web app asks these (reports: Reports page; the rest: Inbox, Settings, Rules). */
export const AFTER_WRITE: AfterWrite[] = [
  { name: 'aw-report-totals', path: '/reports/totals' },
  { name: 'aw-report-categories-all', path: '/reports/categories?period=all' },
  { name: 'aw-report-categories-month', path: '/reports/categories?period=month' },
  { name: 'aw-report-cashflow', path: '/reports/cashflow?period=month' },
  { name: 'aw-report-payees', path: '/reports/payees?limit=10' },
  { name: 'aw-report-net-worth', path: '/reports/net-worth' },
  { name: 'aw-inbox-groups', path: '/reports/inbox?limit=1000' },
  { name: 'aw-inbox-count', path: '/reports/inbox?limit=1' },
  // What the navigation's badge asks since issue 26 (web/src/inbox/InboxCount.tsx): the same count.
  { name: 'aw-inbox-badge', path: '/transactions?category=&limit=0' },
  { name: 'aw-rule-preview', method: 'POST', path: '/rules/preview', body: JSON.stringify({ rule: { category: 'Groceries', descriptionContains: 'tesco' }, limit: 1 }) },
  { name: 'aw-rule-suggestions', path: '/rules/suggestions' },
];

const CATEGORIES = ['Groceries', 'Coffee', 'Restaurants', 'Travel', 'Fuel'];

/**
 * `clients` loops at once, each: PUT one row's category (a write, timed apart), then the
 * request, timed. Runs for `seconds` and at least `minimum` requests per loop; p50/p99 over the
 * timed requests. A failed write or request counts as a failure.
 */
export async function measureAfterWrite(url: string, each: AfterWrite, rows: number, seconds: number, clients = 2, minimum = 3): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  let state = 4242;
  const nextId = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % rows);
  };
  const started = performance.now();
  const loop = async () => {
    for (let done = 0; done < minimum || performance.now() - started < seconds * 1000; done += 1) {
      const category = CATEGORIES[done % CATEGORIES.length] as string;
      const write = await fetch(`${url}/transactions/${nextId()}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ category }) });
      await write.arrayBuffer();
      if (!write.ok) failures += 1;
      const at = performance.now();
      const response = await fetch(`${url}${each.path}`, each.body ? { method: each.method, headers: { 'content-type': 'application/json' }, body: each.body } : {});
      await response.arrayBuffer();
      latencies.push(performance.now() - at);
      if (!response.ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? 0) * 10) / 10;
  return { name: each.name, rps: Math.round((latencies.length / elapsed) * 10) / 10, p50_ms: at(0.5), p99_ms: at(0.99), requests: latencies.length, failures };
}
