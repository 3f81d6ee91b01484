/**
 * `recategorise-100k`: one bulk re-categorisation by filter (issue 12: 100,000 rows under 2 s),
 * timed from request to the durable answer. The filter is half a year of the five-year dataset;
 * the rows it chose are counted by the answer. Runs alternate two category names, so every run
 * really changes every row (a run that set a name already set would change nothing).
 */
import { request } from 'node:http';

export interface BulkRecategoriseResult {
  /** The filter, as the request's `filter`. */
  filter: Record<string, string>;
  rows: number;
  runs_ms: number[];
  median_ms: number;
  rows_per_second: number;
}

const FILTER = { from: '2024-01-01', to: '2024-06-30' };

function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function measureBulkRecategorise(baseUrl: string, runs: number): Promise<BulkRecategoriseResult> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const answer = await post(`${baseUrl}/manage/transactions/recategorise`, { filter: FILTER, category: run % 2 === 0 ? 'Bench bulk A' : 'Bench bulk B' });
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`recategorise answered ${answer.status}: ${answer.text}`);
    const changed = (JSON.parse(answer.text) as { changed: number }).changed;
    if (run > 0 && changed !== rows) throw new Error(`recategorise changed ${changed} rows, the run before ${rows}`);
    rows = changed;
    times.push(Math.round(elapsed * 10) / 10);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { filter: FILTER, rows, runs_ms: times, median_ms: median, rows_per_second: Math.round(rows / (median / 1000)) };
}
