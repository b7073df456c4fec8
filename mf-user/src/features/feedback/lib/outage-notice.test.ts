import { describe, expect, it } from 'vitest';
import { createOutageNotice } from './outage-notice';

describe('createOutageNotice', () => {
  it('tells the first failure of an outage only, and again after a success', () => {
    const notice = createOutageNotice();
    expect([notice.failed(), notice.failed(), notice.failed()]).toEqual([true, false, false]);
    notice.succeeded();
    notice.succeeded();
    expect([notice.failed(), notice.failed()]).toEqual([true, false]);
  });
});
