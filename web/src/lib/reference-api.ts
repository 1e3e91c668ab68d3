// Reference lists of Bangladesh's divisions and districts and of professions (docs/api-promotions.md
// "Reference lists"): read-only, the same for every site, and rarely changed, so they are read
// once per session. Used by the profile form and the promotions' targeting.
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { DataEnvelope } from './types';

/** A list entry: `title` in English, `bn_title` in Bangla (categoryTitle() words it). */
export interface ReferenceItem {
  id: number;
  title: string;
  bn_title: string | null;
}

export interface District extends ReferenceItem {
  division_id: number;
}

/** Bangladesh's 8 divisions. */
export function fetchDivisions() {
  return api<DataEnvelope<ReferenceItem[]>>('/admin-settings/divisions', { silent: true }).then((r) => r.data);
}

/** The districts of division `divisionId`; 0 gives all 64. */
export function fetchDistricts(divisionId = 0) {
  return api<DataEnvelope<District[]>>(`/admin-settings/districts/${divisionId}`, { silent: true }).then((r) => r.data);
}

export function fetchProfessions() {
  return api<DataEnvelope<ReferenceItem[]>>('/admin-settings/employment/professions', { query: { pagination: 'none' }, silent: true }).then((r) => r.data);
}

export const referenceKeys = {
  divisions: ['reference', 'divisions'] as const,
  districts: ['reference', 'districts', 0] as const,
  professions: ['reference', 'professions'] as const,
};

const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

export function useDivisions() {
  return useQuery({ queryKey: referenceKeys.divisions, queryFn: fetchDivisions, ...ONCE });
}

/** All 64 districts. */
export function useDistricts() {
  return useQuery({ queryKey: referenceKeys.districts, queryFn: () => fetchDistricts(0), ...ONCE });
}

export function useProfessions() {
  return useQuery({ queryKey: referenceKeys.professions, queryFn: fetchProfessions, ...ONCE });
}
