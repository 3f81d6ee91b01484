/** What a bank's id may be (the contract's BankId). */
export const BANK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const BANK_ID_MAX = 64;

/**
 * A bank id made from a name (`Deutsche Kreditbank` -> `deutsche-kreditbank`), or `fallback`
 * when nothing of the name is left (a name of symbols only). The web app proposes ids the same
 * way (web/src/lib/import-report.ts bankIdFrom).
 */
export function bankIdFromName(name: string, fallback: string): string {
  const id = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, BANK_ID_MAX)
    .replace(/[-._]+$/, '');
  return BANK_ID_PATTERN.test(id) ? id : fallback;
}

/** `base`, or `base-2`, `base-3`... : the first that `taken` says is free, within the id's length. */
export async function freeBankId(base: string, taken: (id: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const id = base.slice(0, BANK_ID_MAX - suffix.length) + suffix;
    if (!(await taken(id))) return id;
  }
}
