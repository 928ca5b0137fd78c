import { describe, expect, it } from 'vitest';
import { championNextStepOf } from './dashboard.js';

const none = { total: 0, completed: 0 };
const half = { total: 4, completed: 2 };
const all = { total: 4, completed: 4 };

describe("the champion's next step", () => {
  it('follows the roadmap status: invite, follow up, wait, review', () => {
    expect(championNextStepOf(null, { current: none, future: none })).toBe('awaitRoadmap');
    expect(championNextStepOf('PreAssessment', { current: none, future: none })).toBe('inviteCurrent');
    expect(championNextStepOf('CurrentState', { current: half, future: none })).toBe('followUpCurrent');
    expect(championNextStepOf('CurrentState', { current: all, future: none })).toBe('awaitCurrentReport');
    expect(championNextStepOf('CurrentStateReporting', { current: half, future: none })).toBe(
      'reviewCurrentReport',
    );
    expect(championNextStepOf('FutureState', { current: all, future: none })).toBe('inviteFuture');
    expect(championNextStepOf('FutureState', { current: all, future: half })).toBe('followUpFuture');
    expect(championNextStepOf('FutureState', { current: all, future: all })).toBe('awaitFutureReport');
    expect(championNextStepOf('FutureStateReporting', { current: all, future: all })).toBe(
      'reviewFutureReport',
    );
  });
});
