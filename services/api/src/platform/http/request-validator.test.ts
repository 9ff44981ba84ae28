import { describe, expect, it } from 'vitest';
import { toParamPath } from './request-validator';

describe('toParamPath', () => {
  it('turns JSON pointers into the param paths the API reports', () => {
    expect(toParamPath('/line_items/0/name')).toBe('line_items[0].name');
    expect(toParamPath('', 'customer')).toBe('customer');
    expect(toParamPath('/recurring', 'interval')).toBe('recurring.interval');
    expect(toParamPath('/events/3')).toBe('events[3]');
  });
});
