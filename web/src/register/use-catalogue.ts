import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Bank, Category } from '../api/types.js';

/** Categories and banks for the filter bar and the picker; reload() after a new category. */
export function useCatalogue(): { categories: Category[]; banks: Bank[]; reload(): void } {
  const [categories, setCategories] = useState<Category[]>([]);
  const [banks, setBanks] = useState<Bank[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void api.GET('/categories').then(({ data }) => setCategories(data ?? [])).catch(() => undefined);
    void api.GET('/banks').then(({ data }) => setBanks(data ?? [])).catch(() => undefined);
  }, [version]);
  return { categories, banks, reload: useCallback(() => setVersion((at) => at + 1), []) };
}
