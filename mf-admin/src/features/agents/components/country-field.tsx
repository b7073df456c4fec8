import { useEffect, useState } from 'react';
import { Input } from '@chakra-ui/react';
import type { Country } from '@portal/contracts';
import { SelectInput } from '../../../engine/components/select-input';
import type { CustomFieldProps } from '../../../engine/types';
import { countryList } from '../api/country-list';

const countryKey = (country: Country) => country.code || country.name;

/**
 * The node's country: chosen from the static country list (name, flag and ISO code together),
 * or typed by name when the list could not be fetched.
 */
export function CountryField({ value, onChange }: CustomFieldProps) {
  const current = (value ?? { name: '', flag: '' }) as Country;
  const [countries, setCountries] = useState<Country[] | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void countryList().then((list) => active && setCountries(list));
    return () => {
      active = false;
    };
  }, []);

  if (countries === null) {
    return (
      <Input
        value={current.name}
        onChange={(event) => onChange({ name: event.target.value, flag: '' } satisfies Country)}
        data-testid="country-text"
      />
    );
  }
  // The node's own country stays a choice even when the list does not have it.
  const choices = countries ?? [];
  const options =
    choices.some((country) => countryKey(country) === countryKey(current)) || !current.name
      ? choices
      : [current, ...choices];
  return (
    <SelectInput
      disabled={countries === undefined}
      value={countryKey(current)}
      onChange={(key) => {
        const chosen = options.find((country) => countryKey(country) === key);
        if (chosen) onChange(chosen);
      }}
      data-testid="country-select"
      choices={[
        ...(current.name ? [] : [{ value: '', label: '' }]),
        ...options.map((country) => ({ value: countryKey(country), label: country.name })),
      ]}
    />
  );
}
