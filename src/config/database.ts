/** Whether a --db setting names a PostgreSQL server (a postgres:// or postgresql:// URL) rather than a SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}
