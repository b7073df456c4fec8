import { describe, expect, it } from 'vitest';
import { isoFromFlagEmoji } from './country-flag.js';

describe('isoFromFlagEmoji', () => {
  it('reads the ISO code of a flag emoji, lower case', () => {
    expect(isoFromFlagEmoji('🇯🇵')).toBe('jp');
    expect(isoFromFlagEmoji(' 🇺🇸 ')).toBe('us');
    expect(isoFromFlagEmoji('🇭🇰')).toBe('hk');
  });

  it('answers nothing for what is not one flag', () => {
    expect(isoFromFlagEmoji('')).toBe('');
    expect(isoFromFlagEmoji('JP')).toBe('');
    expect(isoFromFlagEmoji('🇯')).toBe('');
    expect(isoFromFlagEmoji('🇯🇵🇺🇸')).toBe('');
    expect(isoFromFlagEmoji('🏳️‍🌈')).toBe('');
  });
});
