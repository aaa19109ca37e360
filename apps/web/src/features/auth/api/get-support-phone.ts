import { useEffect, useState } from 'react';
import { defaultSupportPhone, type PublicConfig } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

let asked: Promise<PublicConfig> | null = null;

/**
 * The support phone of the sign-in screen (GET /api/app-config), asked once per page without the query
 * library (decision 043); the product's default until the answer comes or when none comes. The signed-in
 * app reads the same answer through TanStack Query (lib/app-config.ts).
 */
export function useSignInSupportPhone(): string {
  const [phone, setPhone] = useState(defaultSupportPhone);
  useEffect(() => {
    let live = true;
    asked ??= api.appConfig.get({});
    asked.then(
      (config) => {
        if (live) setPhone(config.supportPhone);
      },
      () => {
        asked = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return phone;
}
