import { describe, expect, it } from 'vitest';
import { stageStates } from './use-paid-action';

describe('paid flow stages', () => {
  it('marks the stages before the current one done, the current one in progress or failed', () => {
    expect(stageStates('confirmation', false, false).map((each) => each.state)).toEqual([
      'done',
      'done',
      'current',
      'todo',
    ]);
    expect(stageStates('approval', true, false).map((each) => each.state)).toEqual([
      'done',
      'failed',
      'todo',
      'todo',
    ]);
    expect(stageStates('delivery', false, true).every((each) => each.state === 'done')).toBe(true);
    expect(stageStates(null, false, false).every((each) => each.state === 'todo')).toBe(true);
  });
});
