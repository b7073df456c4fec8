import { describe, expect, it } from 'vitest';
import { latencyBadge } from './agent-types';

describe('latencyBadge', () => {
  it('colours by the spec thresholds (<150 green, <200 yellow, else red) and grays missing values', () => {
    expect(latencyBadge(0)).toEqual({ text: '0 ms', colour: 'green' });
    expect(latencyBadge(149)).toEqual({ text: '149 ms', colour: 'green' });
    expect(latencyBadge(150)).toEqual({ text: '150 ms', colour: 'yellow' });
    expect(latencyBadge(199)).toEqual({ text: '199 ms', colour: 'yellow' });
    expect(latencyBadge(200)).toEqual({ text: '200 ms', colour: 'red' });
    expect(latencyBadge(null)).toEqual({ text: '暂无测速', colour: 'gray' });
  });
});
