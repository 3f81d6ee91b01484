/**
 * `bigPage`: one GET with a limit past the table size. Measures how long it takes, the server's
 * peak resident memory (every process of it, sampled from /proc), and the slowest small request
 * served meanwhile (each on a new connection, so cluster workers all get some).
 */
import { request } from 'node:http';
import { processTree, rssMb } from './processes.js';

export interface BigPageResult {
  rows: number;
  total_header: number;
  seconds: number;
  bytes: number;
  peak_rss_mb: number;
  small_requests: number;
  small_max_ms: number;
}

function get(url: string, onChunk?: (chunk: Buffer) => void): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.on('data', (chunk: Buffer) => onChunk?.(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureBigPage(baseUrl: string, serverPid: number, limit: number): Promise<BigPageResult> {
  const pids = processTree(serverPid);
  let peak = Math.max(...pids.map(rssMb));
  const sampler = setInterval(() => {
    for (const pid of pids) peak = Math.max(peak, rssMb(pid));
  }, 20);
  let done = false;
  let smallRequests = 0;
  let smallMax = 0;
  const small = (async () => {
    while (!done) {
      const started = performance.now();
      const { status } = await get(`${baseUrl}/transactions?limit=1`);
      if (status !== 200) throw new Error(`small request answered ${status}`);
      smallMax = Math.max(smallMax, performance.now() - started);
      smallRequests += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  // Rows are counted in the stream itself; every row has one `"date":"` key and a description never shows it unescaped (quotes in
  // descriptions are escaped), and a window of the previous chunk's tail catches split markers.
  const marker = '"date":"';
  let rows = 0;
  let bytes = 0;
  let tail = '';
  const started = performance.now();
  const { status, headers } = await get(`${baseUrl}/transactions?limit=${limit}`, (chunk) => {
    bytes += chunk.length;
    const text = tail + chunk.toString('latin1');
    let at = text.indexOf(marker);
    while (at !== -1) {
      rows += 1;
      at = text.indexOf(marker, at + marker.length);
    }
    tail = text.slice(-(marker.length - 1));
  });
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await small;
  clearInterval(sampler);
  if (status !== 200) throw new Error(`big page answered ${status}`);
  return {
    rows,
    total_header: Number(headers['x-total-count']),
    seconds: Math.round(seconds * 100) / 100,
    bytes,
    peak_rss_mb: Math.round(peak),
    small_requests: smallRequests,
    small_max_ms: Math.round(smallMax * 10) / 10,
  };
}
