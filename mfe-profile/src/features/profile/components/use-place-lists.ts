import { useEffect, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import { profileApi } from '../api/profile-api';

type Country = { cd: string; name: string };
type Option = { value: string; label: string };
/** Spec section 7: country and state list errors show in a banner for 3 s. */
const BANNER_MS = 3000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

/**
 * The server's countries (their calling codes for the phone, their names for the address) and, for the
 * billing address, the states of the chosen country; a list that fails shows a banner for a while.
 */
export function usePlaceLists(withStatesOf: string | null) {
  const [countries, setCountries] = useState<Country[]>([]);
  const [states, setStates] = useState<string[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  const showBanner = (message: string) => {
    setBanner(message);
    setTimeout(() => setBanner(null), BANNER_MS);
  };

  useEffect(() => {
    void profileApi
      .listCountries()
      .then(({ countries: list }) => setCountries(list))
      .catch((error: unknown) => showBanner(messageOf(error, 'The list of countries could not be loaded')));
  }, []);

  useEffect(() => {
    if (!withStatesOf) return;
    let current = true;
    void profileApi
      .listStates(withStatesOf)
      .then(({ states: list }) => current && setStates(list))
      .catch((error: unknown) => {
        if (!current) return;
        setStates([]);
        showBanner(messageOf(error, 'The list of states could not be loaded'));
      });
    return () => {
      current = false;
    };
  }, [withStatesOf]);

  const callingCodes: Option[] = [...new Set(countries.map((country) => country.cd))]
    .filter((cd) => /^\+[1-9]\d{0,3}$/.test(cd))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .map((cd) => ({ value: cd, label: cd }));
  const countryOptions: Option[] = countries.map((country) => ({ value: country.name, label: country.name }));
  return { callingCodes, countryOptions, states, banner };
}
