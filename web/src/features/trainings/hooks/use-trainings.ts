// Queries of the trainings' screens. One key space ('trainings'): a batch's details, its trainees,
// a session's attendance, the meals, the food items, the budget, the logistic items, the honoraria
// and the people who completed a training; and the food catalogue's changes.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Batch } from '../../courses/api/courses-api';
import type { Page } from '../../../lib/types';
import {
  createFoodItem,
  deleteFoodItem,
  fetchBudget,
  fetchFacility,
  fetchFoodItems,
  fetchHonorarium,
  fetchLogistics,
  fetchSessionAttendance,
  fetchTrainedPeople,
  fetchTrainees,
  fetchTrainingBatch,
  fetchVenues,
  updateFoodItem,
  type FoodItem,
  type Trainee,
} from '../api/trainings-api';
import { foodBody, foodEditBody, type FoodValues } from './detail-forms';

export const TRAINEE_PAGE_SIZE = 20;
export const LOGISTIC_PAGE_SIZE = 20;
/** The food catalogue's management list. */
export const FOOD_PAGE_SIZE = 10;
export const TRAINED_PAGE_SIZE = 20;
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
  /** Every batch's meals (their plans show the food items' names). */
  facilities: ['trainings', 'facility'] as const,
  /** The whole catalogue (FoodItem[]); its management list's pages are below this key. */
  foodItems: ['trainings', 'food-items'] as const,
  foodItemsPage: (page: number) => ['trainings', 'food-items', 'page', page] as const,
  trained: ['trainings', 'trained'] as const,
  trainedPage: (page: number) => ['trainings', 'trained', page] as const,
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

/** A page of the site's food items, by name (the catalogue's management list). */
export function useFoodItemsPage(page: number) {
  return useQuery({
    queryKey: trainingKeys.foodItemsPage(page),
    queryFn: () => fetchFoodItems({ page, limit: FOOD_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** The catalogue and its pages are read again, and the meal plans (which show the items' names) after a rename or deletion. */
function foodItemsChanged(qc: QueryClient, plansToo: boolean) {
  void qc.invalidateQueries({ queryKey: trainingKeys.foodItems });
  if (plansToo) void qc.invalidateQueries({ queryKey: trainingKeys.facilities });
}

/** Puts a changed item in the cached catalogue and its pages (`saved`), or takes it out of them (`removed`). */
function storeFoodItem(qc: QueryClient, change: { saved: FoodItem } | { removed: number }) {
  const apply = (items: FoodItem[]) =>
    'saved' in change ? items.map((i) => (i.id === change.saved.id ? change.saved : i)) : items.filter((i) => i.id !== change.removed);
  qc.setQueryData<FoodItem[]>(trainingKeys.foodItems, (old) => (old ? apply(old) : old));
  qc.setQueriesData<Page<FoodItem>>({ queryKey: [...trainingKeys.foodItems, 'page'] }, (old) => (old?.data ? { ...old, data: apply(old.data) } : old));
}

/**
 * Adds an item to the site's catalogue (`item` null), or renames one or changes its unit; 422
 * `name` `item_exists` when another item has the name.
 */
export function saveFoodItemMutation(qc: QueryClient, item: FoodItem | null): UseMutationOptions<FoodItem, Error, FoodValues> {
  return {
    mutationFn: (values) => (item ? updateFoodItem({ id: item.id, ...foodEditBody(values) }) : createFoodItem(foodBody(values))),
    onSuccess: (saved) => {
      if (item) storeFoodItem(qc, { saved });
    },
    onSettled: () => foodItemsChanged(qc, !!item),
  };
}

/** Deletes an item (409 `item_in_use` while a meal plan uses it: it stays). */
export function deleteFoodItemMutation(qc: QueryClient): UseMutationOptions<unknown, Error, FoodItem> {
  return {
    mutationFn: (item) => deleteFoodItem(item.id),
    onSuccess: (_done, item) => storeFoodItem(qc, { removed: item.id }),
    onSettled: () => foodItemsChanged(qc, true),
  };
}

/** The people who completed a training, site-wide, a page at a time. */
export function useTrainedPeople(page: number) {
  return useQuery({
    queryKey: trainingKeys.trainedPage(page),
    queryFn: () => fetchTrainedPeople({ page, limit: TRAINED_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
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
