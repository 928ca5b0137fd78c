import { messages } from '@domain/messages';
import type { emptyEnvelope } from '@domain/schemas/answers';
import type { Envelope } from '@domain/schemas/common';
import type { organizationSaveSchema } from '@domain/schemas/organizationForm';
import type {
  assessmentInvitePageSchema,
  OrganizationSaved,
  OrganizationView,
  organizationUserPageSchema,
} from '@domain/schemas/organizationView';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, callerHandlesAllButSession } from './client';

// The organization form's calls (docs/product.md#calls-organizations); the
// query keys here are the only ones for the form's data.

/** Which organization the form shows: the caller's own, a saved one, or a blank one of a type. */
export type OrganizationSource =
  | { kind: 'mine' }
  | { kind: 'saved'; id: number }
  | { kind: 'blank'; type: number };

/** The save body as the form builds it: organizationSaveSchema's input. */
export type OrganizationSaveBody = z.input<typeof organizationSaveSchema>;

const root = ['organizations', 'form'] as const;
const keyOf = (source: OrganizationSource) =>
  source.kind === 'mine' ? 'mine' : source.kind === 'saved' ? source.id : `new-${source.type}`;

/** Organization-page user and invite fetches take everything at once (docs/product.md#limits). */
const everything = { query: '', skip: 0, take: 9999 };

export const organizationFormKeys = {
  all: root,
  of: (source: OrganizationSource) => [...root, keyOf(source)] as const,
};

export function organizationQuery(source: OrganizationSource) {
  return queryOptions({
    queryKey: [...organizationFormKeys.of(source), 'organization'] as const,
    queryFn: ({ signal }) =>
      source.kind === 'mine'
        ? api.get<OrganizationView>('admin/organization/mine', {
            signal,
            errorMessage: messages.admin.retrieveFailure,
          })
        : source.kind === 'saved'
          ? api.post<OrganizationView>(
              'admin/organization/getbyid',
              { id: source.id },
              { signal, errorMessage: messages.admin.retrieveFailure },
            )
          : api.post<OrganizationView>(
              'admin/organization/init',
              { enumValue: source.type },
              { signal, errorMessage: messages.admin.initializeFailure },
            ),
    // A blank organization is made afresh on every visit.
    gcTime: source.kind === 'blank' ? 0 : undefined,
  });
}

/** The organization's users (the Manage Users tab); 'mine' asks without an id. */
export function organizationUsersQuery(source: OrganizationSource, organizationId: number | null) {
  return queryOptions({
    queryKey: [...organizationFormKeys.of(source), 'users'] as const,
    queryFn: ({ signal }) =>
      source.kind === 'mine'
        ? api.post<z.output<typeof organizationUserPageSchema>>('admin/user/search/byorg/mine', everything, {
            signal,
            errorMessage: messages.admin.listRetrieveFailure,
          })
        : api.post<z.output<typeof organizationUserPageSchema>>(
            'admin/user/search/byorg',
            { ...everything, organizationId },
            { signal, errorMessage: messages.admin.listRetrieveFailure },
          ),
  });
}

/** The organization's assessment invites (the two invite tabs). */
export function organizationInvitesQuery(source: OrganizationSource, organizationId: number | null) {
  return queryOptions({
    queryKey: [...organizationFormKeys.of(source), 'invites'] as const,
    queryFn: ({ signal }) =>
      source.kind === 'mine'
        ? api.post<z.output<typeof assessmentInvitePageSchema>>(
            'admin/assessmentInvite/search/byorg/mine',
            everything,
            {
              signal,
              errorMessage: messages.admin.listRetrieveFailure,
            },
          )
        : api.post<z.output<typeof assessmentInvitePageSchema>>(
            'admin/assessmentInvite/search/byorg',
            { ...everything, organizationId },
            { signal, errorMessage: messages.admin.listRetrieveFailure },
          ),
  });
}

/** The screen tells every outcome of these calls itself, except an ended session or a refusal. */
const ownHandling = { skipGlobal: callerHandlesAllButSession };

export const organizationFormApi = {
  /** Idempotent: sent again with its key after a lost answer, it saves once. */
  save: (call: 'add' | 'update', body: OrganizationSaveBody) =>
    api.post<OrganizationSaved>(`admin/organization/${call}`, body, {
      ...ownHandling,
      idempotent: true,
    }),
  deactivate: (id: number, options: { skipGlobal: typeof callerHandlesAllButSession }) =>
    api.post<z.output<typeof emptyEnvelope>>('admin/organization/delete', { id }, options),
  resendInvite: (inviteId: number, host: string) =>
    api.post<z.output<typeof emptyEnvelope>>(
      'admin/assessmentinvite/sendinvite',
      { invite: { id: inviteId }, host },
      ownHandling,
    ),
  generateBenchmark: (organizationId: number) =>
    api.post<Envelope<number>>('admin/benchmark/generate/byorg', { id: organizationId }, ownHandling),
};
