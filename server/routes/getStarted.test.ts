import { describe, expect, it } from 'vitest';
import { LookupType, UserGroup } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { api, buildTestApp, buildUser, testDialects } from '../test/helpers.js';

describe.each(testDialects())('get started on %s', (dialect) => {
  const appPromise = buildTestApp(dialect);
  const id = async (type: number, code: string) => {
    const app = await appPromise;
    return (
      await app.deps.db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', type)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  };
  const first = async (type: number) => {
    const app = await appPromise;
    return (
      await app.deps.db
        .selectFrom('lookupItems')
        .select('id')
        .where('lookupType', '=', type)
        .orderBy('displayOrder')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const body = async (overrides: Record<string, unknown> = {}) => ({
    name: 'Harbor Point Foods',
    businessType: { id: await id(LookupType.BusinessType, 'process-manufacturing') },
    state: { id: await id(LookupType.State, 'wi') },
    demographic: {
      companyMaturity: { id: await first(LookupType.CompanyMaturity) },
      numberOfEmployees: { id: await first(LookupType.NumberOfEmployees) },
      numberOfFacilities: { id: await first(LookupType.NumberOfFacilities) },
      hqRegion: { id: await id(LookupType.HqRegion, 'north-america') },
      industries: [
        { id: await id(LookupType.Industry, 'naics-311') },
        { id: await id(LookupType.Industry, 'other') },
      ],
      supplyChainRoles: [{ id: await first(LookupType.ValueChainRole) }],
      otherIndustry: 'Pet food',
      ...overrides,
    },
  });

  it("saves and reads back the caller's own organization and demographics", async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const before = (
      await api(app, {
        method: 'POST',
        url: '/api/organization/getstarted/mine',
        token: visitor.token,
        payload: {},
      })
    ).json();
    expect(before).toMatchObject({ id: visitor.organizationId, demographic: null });
    const saved = await api(app, {
      method: 'POST',
      url: '/api/organization/getstarted/update',
      token: visitor.token,
      payload: await body(),
    });
    expect(saved.json()).toMatchObject({ isSuccess: true });
    const after = (
      await api(app, {
        method: 'POST',
        url: '/api/organization/getstarted/mine',
        token: visitor.token,
        payload: {},
      })
    ).json();
    expect(after).toMatchObject({
      name: 'Harbor Point Foods',
      businessType: { code: 'process-manufacturing' },
      state: { code: 'wi' },
      demographic: { hqRegion: { code: 'north-america' }, otherIndustry: 'Pet food' },
    });
    expect(after.demographic.industries.map((i: { code: string }) => i.code)).toEqual(['naics-311', 'other']);
  });

  it('drops the state outside North America and the other-industry text without the other industry', async () => {
    const app = await appPromise;
    const champion = await buildUser(app, UserGroup.ManufacturerChampion);
    const europe = await app.deps.db
      .selectFrom('lookupItems')
      .select('id')
      .where('lookupType', '=', LookupType.HqRegion)
      .where('code', '!=', 'north-america')
      .executeTakeFirstOrThrow();
    const payload = await body({
      hqRegion: { id: europe.id },
      industries: [{ id: await id(LookupType.Industry, 'naics-311') }],
    });
    expect(
      (
        await api(app, {
          method: 'POST',
          url: '/api/organization/getstarted/update',
          token: champion.token,
          payload,
        })
      ).json().isSuccess,
    ).toBe(true);
    const after = (
      await api(app, {
        method: 'POST',
        url: '/api/organization/getstarted/mine',
        token: champion.token,
        payload: {},
      })
    ).json();
    expect(after.state).toBeNull();
    expect(after.demographic.otherIndustry).toBeNull();
  });

  it('refuses missing required fields and lookups of the wrong kind', async () => {
    const app = await appPromise;
    const visitor = await buildUser(app, UserGroup.Visitor);
    const missing = await api(app, {
      method: 'POST',
      url: '/api/organization/getstarted/update',
      token: visitor.token,
      payload: { name: ' ', businessType: { id: -1 }, demographic: { companyMaturity: null } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(
      /name: Required; businessType: Required; demographic\.companyMaturity: Required/,
    );
    const wrongKind = await api(app, {
      method: 'POST',
      url: '/api/organization/getstarted/update',
      token: visitor.token,
      payload: await body({ hqRegion: { id: await first(LookupType.State) } }),
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('demographic.hqRegion: not a valid hq region.');
    const after = (
      await api(app, {
        method: 'POST',
        url: '/api/organization/getstarted/mine',
        token: visitor.token,
        payload: {},
      })
    ).json();
    expect(after.demographic).toBeNull();
  });

  it('lets manufacturers only read it, and refuses control characters and a leading = in the name (docs/decisions.md#sign-in-names)', async () => {
    const app = await appPromise;
    const manufacturer = await buildUser(app, UserGroup.Manufacturer);
    const before = await app.deps.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', manufacturer.organizationId)
      .executeTakeFirstOrThrow();
    const renamed = await api(app, {
      method: 'POST',
      url: '/api/organization/getstarted/update',
      token: manufacturer.token,
      payload: { ...(await body()), name: 'Taken Over Ltd' },
    });
    expect(renamed.statusCode).toBe(403);
    const after = await app.deps.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', manufacturer.organizationId)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe(before.name);
    const mine = await api(app, {
      method: 'POST',
      url: '/api/organization/getstarted/mine',
      token: manufacturer.token,
      payload: {},
    });
    expect(mine.json().name).toBe(before.name);

    const champion = await buildUser(app, UserGroup.ManufacturerChampion);
    for (const name of [
      'Line\nbreak Foods',
      '=HYPERLINK("http://x")',
      'Nul\u0000Co',
      'Tab\there',
      'Rtl\u202Egnp.exe',
    ]) {
      const res = await api(app, {
        method: 'POST',
        url: '/api/organization/getstarted/update',
        token: champion.token,
        payload: { ...(await body()), name },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain(`name: ${messages.validation.nameCharacters}`);
    }
  });
});
