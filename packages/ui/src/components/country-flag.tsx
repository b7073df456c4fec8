import { useEffect, useState } from 'react';
import { Box, Image } from '@chakra-ui/react';

/** The ISO 3166 code of a flag emoji (two regional indicator symbols), lower case; '' when it is not one. */
export function isoFromFlagEmoji(flag: string): string {
  const points = [...flag.trim()].map((c) => c.codePointAt(0) ?? 0);
  if (points.length !== 2 || !points.every((p) => p >= 0x1f1e6 && p <= 0x1f1ff)) return '';
  return points.map((p) => String.fromCharCode(p - 0x1f1e6 + 97)).join('');
}

/** The flag's file, one chunk per flag: a page fetches only the flags it shows. */
const urls = new Map<string, Promise<string | null>>();
function flagUrl(code: string): Promise<string | null> {
  let url = urls.get(code);
  if (!url) {
    url = import(`flag-icons/flags/4x3/${code}.svg`).then(
      (m: { default: string }) => m.default,
      () => null,
    );
    urls.set(code, url);
  }
  return url;
}

export interface CountryFlagProps {
  /** ISO 3166 alpha-2 code, when known. */
  code?: string;
  /** The flag emoji the data carries (used for its code when `code` is absent). */
  flag?: string;
  /** The country's name: the image's text alternative. */
  name: string;
  /** Height in px (the image is 4:3). */
  height?: number;
}

/**
 * A country's flag as an image (flag-icons' SVG by ISO code): emoji flags are two letters on
 * Windows and empty boxes where no emoji font is installed. Unknown code: a blank of the same size.
 */
export function CountryFlag({ code, flag = '', name, height = 18 }: CountryFlagProps) {
  const iso = (code ?? '').toLowerCase() || isoFromFlagEmoji(flag);
  const valid = /^[a-z]{2}$/.test(iso);
  const [src, setSrc] = useState<{ iso: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!valid) return;
    let active = true;
    void flagUrl(iso).then((url) => active && setSrc({ iso, url }));
    return () => {
      active = false;
    };
  }, [iso, valid]);
  const width = Math.round((height * 4) / 3);
  const url = src?.iso === iso ? src.url : null;
  if (!url) {
    return (
      <Box
        as="span"
        display="inline-block"
        flexShrink={0}
        w={`${width}px`}
        h={`${height}px`}
        borderRadius="2px"
        bg="bg.muted"
        verticalAlign="middle"
        role={name ? 'img' : undefined}
        aria-label={name || undefined}
        data-testid="country-flag"
      />
    );
  }
  return (
    <Image
      src={url}
      alt={name}
      width={`${width}px`}
      height={`${height}px`}
      flexShrink={0}
      display="inline-block"
      verticalAlign="middle"
      borderRadius="2px"
      boxShadow="0 0 0 1px var(--chakra-colors-border)"
      data-testid="country-flag"
      data-code={iso}
    />
  );
}
