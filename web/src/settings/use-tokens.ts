import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { savedToken, saveToken } from '../api/session.js';
import type { Problem } from '../api/types.js';
import type { components } from '../../../src/http/contract.gen.js';

export type ApiToken = components['schemas']['ApiToken'];
export type CreatedToken = components['schemas']['CreatedApiToken'];

/** A refusal's message and the field it names (the problem body's `errors`). */
export interface TokenError {
  message: string;
  field: string | null;
}

function refusal(error: unknown, status: number): TokenError {
  const problem = error as Problem | undefined;
  const named = problem?.errors.find((each) => each.in === 'body' || each.in === 'path');
  return { message: named ? `${named.name} ${named.message}` : (problem?.detail ?? `the server answered ${status}`), field: named?.name ?? null };
}

/**
 * The server's tokens, and making and revoking them. A token made while this tab has none (an
 * open server, its first token) becomes this tab's token: from that request on the server wants
 * one, and the tab would otherwise be signed out before the user could copy the secret.
 */
export function useTokens() {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async (): Promise<void> => {
    try {
      const { data, error, response } = await api.GET('/manage/tokens');
      if (data) {
        setTokens(data);
        setLoadError(null);
      } else setLoadError(refusal(error, response.status).message);
    } catch {
      setLoadError('Moneta did not answer; try again.');
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const create = async (name: string, readOnly: boolean): Promise<CreatedToken | TokenError> => {
    try {
      const { data, error, response } = await api.POST('/manage/tokens', { body: { name, readOnly } });
      if (!data) return refusal(error, response.status);
      if (savedToken() === null && !data.readOnly) saveToken(data.token);
      await reload();
      return data;
    } catch {
      return { message: 'Moneta did not answer; try again.', field: null };
    }
  };

  /** 'revoked', 'revoked-own' when it was this tab's token (the server says so; the tab then signs out), or the refusal. */
  const revoke = async (name: string): Promise<'revoked' | 'revoked-own' | TokenError> => {
    try {
      const { data, error, response } = await api.DELETE('/manage/tokens/{tokenName}', { params: { path: { tokenName: name } } });
      if (!data) return refusal(error, response.status);
      if (data.byThisRequest) return 'revoked-own';
      await reload();
      return 'revoked';
    } catch {
      return { message: 'Moneta did not answer; try again.', field: null };
    }
  };

  return { tokens, loadError, create, revoke };
}

