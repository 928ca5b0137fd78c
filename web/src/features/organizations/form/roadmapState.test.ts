import { AssessmentType } from '@domain/codes';
import { describe, expect, it } from 'vitest';
import { draftFrom, updateOrganization } from './organizationDraft';
import {
  consultingFirm,
  invite,
  lookup,
  organizationLookups,
  orgUser,
  savedManufacturer,
  statusRef,
} from './organizationFixtures';
import { benchmarkOffer, draftStatusCode } from './roadmapState';

const ann = orgUser(31, 'Ann Lee');
const completed = invite(71, ann, AssessmentType.CurrentState, {
  assessmentResult: { id: 5, completionDateTime: '2024-04-01T10:00:00Z' },
});
const reporting = (extra = {}) =>
  savedManufacturer({
    roadmap: { ...savedManufacturer().roadmap!, status: statusRef('CurrentStateReporting'), ...extra },
  });

describe('the roadmap status the form would save', () => {
  it('follows the select, reading the code from the lookups', () => {
    const loaded = savedManufacturer();
    let draft = draftFrom({ organization: loaded, users: [], invites: [], selfId: null });
    expect(draftStatusCode(draft, organizationLookups, loaded)).toBe('PreAssessment');
    draft = updateOrganization(draft, { statusId: lookup('Future State').id });
    expect(draftStatusCode(draft, organizationLookups, loaded)).toBe('FutureState');
    // Without lookups the loaded status still counts while unchanged.
    expect(draftStatusCode(draft, undefined, loaded)).toBeNull();
    expect(
      draftStatusCode(updateOrganization(draft, { statusId: loaded.roadmap!.status!.id }), [], loaded),
    ).toBe('PreAssessment');
  });
});

describe('the benchmark offer', () => {
  it('is made to admins from current-state reporting on, with a completed current-state invite', () => {
    expect(benchmarkOffer('admin', reporting(), [completed])).toBe('Generate Benchmark');
    expect(benchmarkOffer('admin', reporting({ benchmark: { id: 3 } }), [completed])).toBe(
      'Update Benchmark',
    );
    expect(benchmarkOffer('consultant', reporting(), [completed])).toBeNull();
    expect(benchmarkOffer('admin', savedManufacturer(), [completed])).toBeNull();
    expect(benchmarkOffer('admin', reporting(), [{ ...completed, excludeFromReport: true }])).toBeNull();
    expect(benchmarkOffer('admin', consultingFirm(), [completed])).toBeNull();
  });
});
