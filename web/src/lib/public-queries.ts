// Public data used by the shell (header, footer) and the home page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { Category, DataEnvelope, Page, PublicInstitution } from './types';

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: () =>
      api<DataEnvelope<Category[]>>('/admin-settings/categories', { query: { pagination: 'none' }, silent: true }).then(
        (r) => (Array.isArray(r.data) ? r.data : []),
      ),
    staleTime: 5 * 60_000,
  });
}

export function usePublicPartners(page: number) {
  return useQuery({
    queryKey: ['public-partners', page],
    queryFn: () =>
      api<Page<PublicInstitution>>('/my-account/public/institutions/view', { query: { page }, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
