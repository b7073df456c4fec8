import type { Country } from '@portal/contracts';

/**
 * The static country list (spec-2 §7), an asset of this remote fetched by GET from wherever the
 * remote is hosted. Fetched once per page; a failure is only logged (spec-2 §8) and resolves to
 * null, and the form falls back to typing the country's name.
 */
let pending: Promise<Country[] | null> | null = null;

export function countryList(): Promise<Country[] | null> {
  pending ??= fetch(new URL('../assets/countries.json', import.meta.url))
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<Country[]>;
    })
    .catch((error: unknown) => {
      console.error('country list not loaded', error);
      pending = null;
      return null;
    });
  return pending;
}

/** For stories: forget the list fetched so far, so the next form fetches it again. */
export function forgetCountryList(): void {
  pending = null;
}
