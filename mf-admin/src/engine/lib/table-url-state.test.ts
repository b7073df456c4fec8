import { describe, expect, it } from 'vitest';
import { parseTableState, writeTableState, type TableUrlDefaults, type TableUrlState } from './table-url-state';

const defaults: TableUrlDefaults = {
  sort: { id: 'index', desc: false },
  sortable: ['index', 'name'],
  filters: { agent: '', num: '7' },
};
const parse = (query: string) => parseTableState(new URLSearchParams(query), defaults);

describe('table state in the address', () => {
  it('gives a plain address the defaults: page 1, 20 rows, the screen’s sort and filters', () => {
    expect(parse('')).toEqual({
      page: 1,
      size: 20,
      sort: { id: 'index', desc: false },
      q: '',
      filters: { agent: '', num: '7' },
    });
  });

  it('reads page, size, descending sort, search and filters', () => {
    expect(parse('page=3&size=all&sort=-name&q=东京&agent=a1&num=30')).toEqual({
      page: 3,
      size: 'all',
      sort: { id: 'name', desc: true },
      q: '东京',
      filters: { agent: 'a1', num: '30' },
    });
  });

  it('ignores what a hand-edited address gets wrong', () => {
    const state = parse('page=-2&size=7&sort=password');
    expect(state.page).toBe(1);
    expect(state.size).toBe(20);
    expect(state.sort).toEqual({ id: 'index', desc: false });
    expect(parse('page=1.5').page).toBe(1);
  });

  it('keeps an explicitly emptied filter apart from a missing one', () => {
    expect(parse('num=').filters.num).toBe('');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const state: TableUrlState = { ...parse(''), page: 2, filters: { agent: 'a1', num: '7' } };
    const written = writeTableState(new URLSearchParams('keep=1&q=old'), state, defaults);
    expect(written.toString()).toBe('keep=1&page=2&agent=a1');
  });

  it('round-trips every state it writes', () => {
    const state: TableUrlState = {
      page: 4,
      size: 100,
      sort: { id: 'name', desc: true },
      q: 'a b&c',
      filters: { agent: 'x', num: '' },
    };
    expect(parseTableState(writeTableState(new URLSearchParams(), state, defaults), defaults)).toEqual(state);
  });
});
