/** What a store's first start chooses for migrations that need it (passed to every migration; most ignore it). */
export interface MigrationOptions {
  /** The default currency of a new store's accounts (ISO 4217), `--currency`; migration 0019 writes it to `settings`. */
  currency?: string;
}
