/** The table printed at the end of a run. */
export interface ScenarioRow {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  ratio_to_ceiling?: number | null;
  /** PostgreSQL runs: to ceiling-postgres, the bare server that reads the page from the database. */
  ratio_to_postgres_ceiling?: number | null;
}

export function printTable(
  scenarios: ScenarioRow[],
  peer: ScenarioRow[],
  peerOf: Record<string, string>,
  bigPage: { rows: number; seconds: number; peak_rss_mb: number; max_concurrent_latency_ms: number } | null,
  totalHeader?: number,
): void {
  const postgres = scenarios.some((row) => row.ratio_to_postgres_ceiling !== undefined);
  const lines = [['scenario', 'req/s', 'p50 ms', 'p99 ms', 'x ceiling', ...(postgres ? ['x pg ceiling'] : []), 'x peer']];
  const ratio = (value: number | null | undefined) => (value == null ? '' : value.toFixed(2));
  for (const row of [...scenarios, ...peer]) {
    const peerRow = peer.find((candidate) => candidate.name === peerOf[row.name]);
    lines.push([
      row.name,
      row.rps.toFixed(0),
      row.p50_ms.toFixed(1),
      row.p99_ms.toFixed(1),
      ratio(row.ratio_to_ceiling),
      ...(postgres ? [ratio(row.ratio_to_postgres_ceiling)] : []),
      peerRow && peerRow.rps > 0 ? `${(row.rps / peerRow.rps).toFixed(1)}` : '',
    ]);
  }
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  for (const line of lines) {
    process.stdout.write(`${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}\n`);
  }
  if (bigPage) {
    process.stdout.write(
      `bigPage: ${bigPage.rows} rows (X-Total-Count ${totalHeader ?? '?'}) in ${bigPage.seconds} s, server peak RSS ${bigPage.peak_rss_mb} MB, ` +
        `slowest concurrent small request ${bigPage.max_concurrent_latency_ms} ms\n`,
    );
  }
}
