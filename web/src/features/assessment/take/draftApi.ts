import type { DraftCriteria, MyDraft, savedDraftEnvelope } from '@domain/schemas/drafts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { ticketStore } from '@web/api/ticketStore';
import type { z } from 'zod';

// Save and resume (docs/product.md#insights-drafts). Both calls are quiet: the browser copy
// keeps the answers whatever happens to them, so a failure is nobody's to be told about.

/**
 * POST assessmentdraft/mine: the answers saved on the server, or null when there are none or they
 * cannot be read now (offline): the attempt then goes on from the browser's copy.
 */
export const myDraftQuery = (code: string) =>
  queryOptions({
    queryKey: ['assessments', 'draft', code] as const,
    queryFn: async ({ signal }): Promise<MyDraft | null> => {
      try {
        return await api.post<MyDraft>('assessmentdraft/mine', { code }, { signal, skipGlobal: true });
      } catch {
        return null;
      }
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export type DraftBody = { code: string; criteria: DraftCriteria };

/** POST assessmentdraft/save. */
export function saveDraftRequest(body: DraftBody): Promise<z.output<typeof savedDraftEnvelope>> {
  return api.post<z.output<typeof savedDraftEnvelope>>('assessmentdraft/save', body, { skipGlobal: true });
}

/**
 * The same call as the page goes away (closed, reloaded, another site): a keepalive request outlives
 * the page, which the shared client's requests do not.
 */
export function saveDraftOnLeave(body: DraftBody): void {
  const token = ticketStore.getToken();
  if (!token) return;
  try {
    void fetch('/api/assessmentdraft/save', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).catch(() => {});
  } catch {
    // A body over the keepalive allowance: the browser copy still holds the answers.
  }
}
