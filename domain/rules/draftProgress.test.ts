import { describe, expect, it } from 'vitest';
import { draftProgress } from './draftProgress';

describe('draftProgress', () => {
  it('counts the answered questions the assessment still asks, each once, of all it asks', () => {
    const draft = {
      sections: [{ questions: [{ id: 1 }, { id: 2 }, { id: 99 }] }, { questions: [{ id: 2 }] }],
    };
    expect(draftProgress(draft, [1, 2, 3, 4])).toEqual({ answered: 2, total: 4 });
    expect(draftProgress({ sections: [] }, [1, 2])).toEqual({ answered: 0, total: 2 });
  });
});
