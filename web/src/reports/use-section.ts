import { useEffect, useRef, useState } from 'preact/hooks';
import type { Problem } from '../api/types.js';
import { backoffSeconds } from '../lib/retry-after.js';

/** What openapi-fetch answers: the body on success, the problem otherwise, and the response. */
export interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** One part of a screen, read on its own: it fails, shows why and is asked again alone (issue 26). */
export interface Section<T> {
  /** The last answer (kept while a newer one is read); null before the first, and when failed. */
  data: T | null;
  loading: boolean;
  failed: boolean;
  /** The problem the API gave, or null (Moneta did not answer). */
  problem: Problem | null;
  /** Seconds until it asks again by itself (busy or not answering), or null. */
  retryIn: number | null;
  /** Ask again now. */
  retry(): void;
}

interface Now<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  problem: Problem | null;
  retryIn: number | null;
}

/**
 * Reads `read()` whenever `key` changes. Busy (5xx) or not answering: it asks again by itself,
 * after DEFAULT_RETRY_SECONDS doubled for each failure in a row and never sooner than the
 * server's Retry-After (backoffSeconds). A refusal (4xx) is not asked again. The app's outage
 * banner is not followed: its countdown would ask again at once, every time, undoing the
 * back-off; a section asks again on its own clock, or when a person presses its Try again.
 */
export function useSection<T>(key: string, read: () => Promise<Answer<T>>): Section<T> {
  const [now, setNow] = useState<Now<T>>({ data: null, loading: true, failed: false, problem: null, retryIn: null });
  const [again, setAgain] = useState(0);
  const failures = useRef(0);
  const lastKey = useRef(key);
  if (lastKey.current !== key) {
    lastKey.current = key;
    failures.current = 0;
  }

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setNow((was) => ({ ...was, loading: true }));
    const failed = (problem: Problem | null, header: string | null, retry: boolean) => {
      failures.current += 1;
      const wait = retry ? backoffSeconds(failures.current, header, Date.now()) : null;
      setNow({ data: null, loading: false, failed: true, problem, retryIn: wait });
      if (wait !== null) timer = setTimeout(() => setAgain((at) => at + 1), wait * 1000);
    };
    read()
      .then(({ data, error, response }) => {
        if (!current) return;
        if (data === undefined) return failed((error as Problem | undefined) ?? null, response.headers.get('retry-after'), response.status >= 500);
        failures.current = 0;
        setNow({ data, loading: false, failed: false, problem: null, retryIn: null });
      })
      .catch(() => {
        if (current) failed(null, null, true);
      });
    return () => {
      current = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [key, again]);
  return { ...now, retry: () => setAgain((at) => at + 1) };
}
