import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { defaultPageSize, type DoctorSpecialization } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export interface DoctorsParams {
  page: number;
  size: number;
  sort?: string;
  q?: string;
  organizationId?: number;
  specialization?: DoctorSpecialization;
  favorite?: boolean;
}

export const getDoctors = (params: DoctorsParams, signal?: AbortSignal) =>
  api.doctors.list({ query: { ...params, favorite: params.favorite === undefined ? undefined : params.favorite ? 'true' : 'false' }, signal });

export const doctorsQueryOptions = (params: DoctorsParams) =>
  queryOptions({ queryKey: ['doctors', 'list', params], queryFn: ({ signal }) => getDoctors(params, signal), placeholderData: keepPreviousData });

/** The first page of the user's favorite doctors as /favorites asks for it (a rep's day keeps it on the phone). */
export const favoriteDoctorsQueryOptions = () => doctorsQueryOptions({ favorite: true, page: 1, size: defaultPageSize, sort: 'fullName' });

/** Doctors of an organization (/choose-doctor) or the user's favorites (/favorites). */
export function useDoctors(params: DoctorsParams, enabled = true) {
  return useQuery({ ...doctorsQueryOptions(params), enabled });
}

/** A doctor's name from the lists already loaded (a doctor added to a visit on the phone, before the server answers). */
export function cachedDoctorName(client: QueryClient, id: number): string | null {
  for (const [, page] of client.getQueriesData<{ items: { id: number; fullName: string }[] }>({ queryKey: ['doctors', 'list'] })) {
    const found = page?.items.find((d) => d.id === id);
    if (found) return found.fullName;
  }
  return null;
}
