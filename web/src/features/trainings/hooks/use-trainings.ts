// Queries of the trainings' screens. One key space ('trainings'): a batch's details, its trainees,
// a session's attendance, the meals, the budget, the logistic items and the honoraria.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Batch } from '../../courses/api/courses-api';
import {
  fetchBudget,
  fetchFacility,
  fetchFoodItems,
  fetchHonorarium,
  fetchLogistics,
  fetchSessionAttendance,
  fetchTrainees,
  fetchTrainingBatch,
  fetchVenues,
  type FoodItem,
  type Trainee,
} from '../api/trainings-api';

export const TRAINEE_PAGE_SIZE = 20;
export const LOGISTIC_PAGE_SIZE = 20;
/** Pages read when every row is wanted (the food catalogue, the trainees to hand an item to). */
const WHOLE_PAGE = 100;
const WHOLE_PAGES_MAX = 50;

export const trainingKeys = {
  all: ['trainings'] as const,
  batch: (batchId: number) => ['trainings', 'batch', batchId] as const,
  trainees: (batchId: number) => ['trainings', 'trainees', batchId] as const,
  allTrainees: (batchId: number) => ['trainings', 'trainees', batchId, 'all'] as const,
  attendance: (sessionId: number) => ['trainings', 'attendance', sessionId] as const,
  honorarium: (batchId: number) => ['trainings', 'honorarium', batchId] as const,
  facility: (batchId: number) => ['trainings', 'facility', batchId] as const,
  foodItems: ['trainings', 'food-items'] as const,
  budget: (batchId: number) => ['trainings', 'budget', batchId] as const,
  logistics: (batchId: number) => ['trainings', 'logistics', batchId] as const,
  venues: (search: string) => ['trainings', 'venues', search] as const,
};

/**
 * The batch the training tabs show (`?batch=`, kept from tab to tab and in the links back from
 * the meals and budget pages): the one asked for, else the first.
 */
export function useBatchParam(batches: readonly Batch[]) {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('batch'));
  const batchId = batches.some((b) => b.id === wanted) ? wanted : (batches[0]?.id ?? null);
  const setBatch = (id: number) =>
    setParams(
      (p) => {
        p.set('batch', String(id));
        return p;
      },
      { replace: true },
    );
  return [batchId, setBatch] as const;
}

export function useTrainingBatch(batchId: number | null) {
  return useQuery({ queryKey: trainingKeys.batch(batchId ?? 0), queryFn: () => fetchTrainingBatch(batchId!), enabled: !!batchId });
}

export function useTrainees(batchId: number | null, page: number, field: string) {
  return useQuery({
    queryKey: [...trainingKeys.trainees(batchId ?? 0), page, field],
    queryFn: () => fetchTrainees(batchId!, { page, limit: TRAINEE_PAGE_SIZE, field: field || undefined }),
    enabled: !!batchId,
    placeholderData: keepPreviousData,
  });
}

/** Every row of a paged list, read a page at a time (a bounded number of pages). */
export async function readAll<T>(fetchPage: (page: number) => Promise<{ data: T[]; last_page: number }>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= WHOLE_PAGES_MAX; page++) {
    const res = await fetchPage(page);
    out.push(...res.data);
    if (page >= res.last_page || res.data.length === 0) break;
  }
  return out;
}

/** Every trainee of the batch (to hand a logistic item to some of them). */
export function useAllTrainees(batchId: number, enabled: boolean) {
  return useQuery<Trainee[]>({
    queryKey: trainingKeys.allTrainees(batchId),
    queryFn: () => readAll((page) => fetchTrainees(batchId, { page, limit: WHOLE_PAGE })),
    enabled,
  });
}

export function useSessionAttendance(sessionId: number | null) {
  return useQuery({ queryKey: trainingKeys.attendance(sessionId ?? 0), queryFn: () => fetchSessionAttendance(sessionId!), enabled: !!sessionId });
}

export function useHonorarium(batchId: number | null) {
  return useQuery({ queryKey: trainingKeys.honorarium(batchId ?? 0), queryFn: () => fetchHonorarium(batchId!), enabled: !!batchId });
}

export function useFacility(batchId: number) {
  return useQuery({ queryKey: trainingKeys.facility(batchId), queryFn: () => fetchFacility(batchId) });
}

/** The site's food items, all of them (a short catalogue). */
export function useFoodItems() {
  return useQuery<FoodItem[]>({ queryKey: trainingKeys.foodItems, queryFn: () => readAll((page) => fetchFoodItems({ page, limit: WHOLE_PAGE })), staleTime: 60_000 });
}

export function useBudget(batchId: number) {
  return useQuery({ queryKey: trainingKeys.budget(batchId), queryFn: () => fetchBudget(batchId) });
}

export function useLogistics(batchId: number, page: number) {
  return useQuery({
    queryKey: [...trainingKeys.logistics(batchId), page],
    queryFn: () => fetchLogistics(batchId, { page, limit: LOGISTIC_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useVenues(search: string, enabled: boolean) {
  return useQuery({ queryKey: trainingKeys.venues(search), queryFn: () => fetchVenues(search), enabled, staleTime: 60_000, placeholderData: keepPreviousData });
}
