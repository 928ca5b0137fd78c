import { OrganizationType, UserStatus } from '@domain/codes';
import type { UserView } from '@domain/schemas/user';
import { buildUser } from '@web/testing/buildUser';
import { lookupNamed, testConsultingFirms, testLookups } from '@web/testing/lookups';
import { vi } from 'vitest';

// The user screens' component tests share this: a fake API at the HTTP boundary that records each
// call, answering JSON, or a CSV file for the downloads.

export type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
export type Call = { path: string; body: unknown };

export function fakeUserApi(answers: Record<string, (body: Record<string, unknown>) => Answer>) {
  const calls: Call[] = [];
  const all: Record<string, (body: Record<string, unknown>) => Answer> = {
    'admin/lookup/getall': () => ({ body: testLookups }),
    'organization/consultingfirms': () => ({ body: testConsultingFirms }),
    'admin/organization/all': () => ({ body: testOrganizationsWithFirms }),
    'assessmentresult/byuser': () => ({ body: { data: [], count: 0 } }),
    ...answers,
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input).replace(/^\/api\//, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const answer = all[path]?.(body ?? {}) ?? {
      status: 404,
      body: { isSuccess: false, message: 'not found' },
    };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, {
      status: answer.status ?? 200,
      headers: {
        'content-type': typeof answer.body === 'string' ? 'text/csv; charset=utf-8' : 'application/json',
        ...answer.headers,
      },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetch));
  vi.stubGlobal('scrollTo', vi.fn());
  return {
    calls,
    sent: (path: string) => calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown>,
    count: (path: string) => calls.filter((c) => c.path === path).length,
  };
}

/** Saves of downloaded files go through an object URL; jsdom has none. */
export function stubObjectUrls() {
  const created = vi.fn((_blob: Blob) => 'blob:file');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
  const clicks: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
  return { created, savedNames: clicks };
}

export const testOrganizationsWithFirms = [
  {
    id: 61,
    name: 'Acme Precision Parts',
    type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
    isActive: true,
  },
  {
    id: 62,
    name: 'Bolt Works',
    type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
    isActive: true,
  },
  {
    id: 63,
    name: 'Closed Foundry',
    type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
    isActive: false,
  },
  {
    id: 51,
    name: 'Bright Path Advisors',
    type: { enumValue: OrganizationType.Consultant, name: 'Consulting Firm' },
    isActive: true,
  },
  {
    id: 71,
    name: 'Visitors',
    type: { enumValue: OrganizationType.Visitor, name: 'Visitor' },
    isActive: true,
  },
];

export const admin = buildUser('admin', {
  id: 1,
  organization: {
    id: 5,
    name: 'SM Roadmap Institute',
    code: 'institute',
    type: { enumValue: OrganizationType.Admin, name: 'Admin' },
    businessType: null,
  },
});

export const consultant = buildUser('consultant', {
  id: 2,
  organization: {
    id: 51,
    name: 'Bright Path Advisors',
    code: null,
    type: { enumValue: OrganizationType.Consultant, name: 'Consulting Firm' },
    businessType: null,
  },
});

const ref = (name: string) => {
  const item = lookupNamed(name);
  return { id: item.id, name: item.name, code: item.code };
};

const statusNames: Record<number, string> = { 1: 'Pending', 2: 'Approved', 3: 'Imported', 4: 'Visitor' };

/** A user as an administrator's getbyid or search answers it. */
export function person(id: number, fullName: string, overrides: Partial<UserView> = {}): UserView {
  const status = overrides.status?.enumValue ?? UserStatus.Approved;
  return buildUser('manufacturer', {
    id,
    fullName,
    userName: fullName.toLowerCase().replace(/\s+/g, '.'),
    email: `${fullName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    organization: {
      id: 61,
      name: 'Acme Precision Parts',
      code: null,
      type: { enumValue: OrganizationType.Manufacturer, name: 'Manufacturer' },
      businessType: ref('Discrete Manufacturing'),
    },
    functionalRole: ref('Engineering'),
    status: { enumValue: status, name: statusNames[status]! },
    createdDateTime: '2024-03-05T10:00:00Z',
    certificateNumber: null,
    lastCertificationDate: null,
    isSuspended: false,
    additionalInfo: null,
    excludeFromReport: false,
    referredBy: null,
    referredByOther: null,
    ...overrides,
  });
}
