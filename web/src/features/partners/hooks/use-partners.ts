import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Institution, Page } from '../../../lib/types';
import {
  approveInstitution,
  fetchInstitution,
  fetchInstitutions,
  fetchPublicTypes,
  fetchUnapproved,
  updateInstitution,
} from '../api/partners-api';

export const POLL_MS = 1000;
const POLLED_STATES = ['approved', 'provisioning'];

export function useInstitutionTypes() {
  return useQuery({ queryKey: ['institution-types'], queryFn: fetchPublicTypes, staleTime: 10 * 60_000 });
}

export function useUnapproved(page: number) {
  return useQuery({ queryKey: ['institutions', 'unapproved', page], queryFn: () => fetchUnapproved(page), placeholderData: keepPreviousData });
}

export function useInstitutions(page: number, search: string) {
  return useQuery({
    queryKey: ['institutions', 'all', page, search],
    queryFn: () => fetchInstitutions({ page, search: search || undefined, limit: 10 }),
    placeholderData: keepPreviousData,
  });
}

/** Details; polled every second while the institution is approved or provisioning. */
export function useInstitution(id: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['institutions', 'one', id],
    // Background polls do not drive the top loading bar.
    queryFn: () => fetchInstitution(id, qc.getQueryData(['institutions', 'one', id]) !== undefined),
    refetchInterval: (q) => (q.state.data && POLLED_STATES.includes(q.state.data.state) ? POLL_MS : false),
    staleTime: 0,
  });
}

export function useApprove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (inst: Institution) => approveInstitution(inst.id),
    onSuccess: (_, inst) => {
      // Drop it from every cached requests page at once, then refresh.
      qc.setQueriesData<Page<Institution>>({ queryKey: ['institutions', 'unapproved'] }, (old) =>
        old ? { ...old, data: old.data.filter((i) => i.id !== inst.id), total: Math.max(0, old.total - 1) } : old,
      );
      void qc.invalidateQueries({ queryKey: ['institutions'] });
    },
  });
}

export function useUpdateState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; state: 'active' | 'suspended' }) => updateInstitution(v),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['institutions'] }),
  });
}
