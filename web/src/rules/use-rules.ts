import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { components } from '../../../src/http/contract.gen.js';

export type Rule = components['schemas']['Rule'];
export type Suggestion = components['schemas']['RuleSuggestion'];

export interface RulesSource {
  rules: Rule[] | null;
  suggestions: Suggestion[];
  failed: boolean;
  loading: boolean;
  reload(): void;
  /** The list as the API answered a write (reorder gives the new order). */
  set(rules: Rule[]): void;
}

/** The rules in the order they apply, and the suggestions; the previous list stays while a reload comes. */
export function useRules(retryTick: number): RulesSource {
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    Promise.all([api.GET('/rules'), api.GET('/rules/suggestions')])
      .then(([list, suggested]) => {
        if (!current) return;
        setLoading(false);
        setFailed(list.data === undefined);
        if (list.data) setRules(list.data);
        setSuggestions(suggested.data ?? []);
      })
      .catch(() => {
        if (!current) return;
        setLoading(false);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [version, retryTick]);
  return { rules, suggestions, failed, loading, reload: useCallback(() => setVersion((at) => at + 1), []), set: setRules };
}
