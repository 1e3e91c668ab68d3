// Queries and mutations of the content bank (/contents/*). After a change the lists, the item and
// its parts are read again.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import {
  completePart,
  createContent,
  deleteContent,
  enrollContent,
  fetchContent,
  fetchContentReviews,
  fetchContents,
  fetchOrderedContent,
  fetchRecommendations,
  reviewContent,
  submitQuizPart,
  updateContent,
  type ContentDetail,
  type ContentItem,
  type ContentType,
  type Enrollment,
  type ListType,
  type Review,
} from '../api/contents-api';
import { contentBody, type ContentFormValues } from './content-form';
import { partDone } from './content-journey';

export const CONTENTS_PAGE_SIZE = 12;
export const REVIEWS_PAGE_SIZE = 5;
export const RECOMMENDATIONS = 6;

export interface ContentListQuery {
  type: ListType;
  page: number;
  search: string;
  contentType: ContentType | '';
  categoryId: number | null;
}

export const contentKeys = {
  all: ['contents'] as const,
  list: (q: ContentListQuery) => ['contents', 'list', q.type, q.page, q.search, q.contentType, q.categoryId ?? ''] as const,
  one: (id: number) => ['contents', 'one', id] as const,
  ordered: (id: number) => ['contents', 'ordered', id] as const,
  reviews: (id: number, page: number) => ['contents', 'reviews', id, page] as const,
  recommendations: ['contents', 'recommendations'] as const,
};

/** A tab's page of items, searched and filtered. */
export function useContentList(q: ContentListQuery, enabled = true) {
  return useQuery({
    queryKey: contentKeys.list(q),
    queryFn: ({ signal }) =>
      fetchContents({ type: q.type, page: q.page, limit: CONTENTS_PAGE_SIZE, title: q.search || undefined, content_type: q.contentType, cat_id: q.categoryId }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One item with its parts (their titles only for someone not enrolled). */
export function contentQuery(id: number) {
  return { queryKey: contentKeys.one(id), queryFn: ({ signal }: { signal?: AbortSignal }) => fetchContent(id, signal) };
}

export function useContent(id: number, enabled = true) {
  return useQuery({ ...contentQuery(id), enabled });
}

/** The parts with `done` and `open`, for the owner, colleagues and enrolled learners. */
export function useOrderedContent(id: number, enabled: boolean) {
  return useQuery({ queryKey: contentKeys.ordered(id), queryFn: ({ signal }) => fetchOrderedContent(id, signal), enabled });
}

export function useContentReviews(id: number, page: number) {
  return useQuery({
    queryKey: contentKeys.reviews(id, page),
    queryFn: ({ signal }) => fetchContentReviews(id, page, REVIEWS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecommendations() {
  return useQuery({ queryKey: contentKeys.recommendations, queryFn: ({ signal }) => fetchRecommendations(RECOMMENDATIONS, signal), staleTime: 5 * 60_000 });
}

function contentsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: contentKeys.all });
}

/** Creates (no `id`) or updates item `id`; the lists are read again. */
export function saveContentMutation(qc: QueryClient, id: number | null): UseMutationOptions<ContentDetail, Error, ContentFormValues> {
  return {
    mutationFn: (values) => {
      const body = contentBody(values);
      return id ? updateContent(id, body) : createContent(body);
    },
    onSuccess: (saved) => qc.setQueryData(contentKeys.one(saved.id), saved),
    onSettled: () => contentsChanged(qc),
  };
}

export function deleteContentMutation(qc: QueryClient): UseMutationOptions<unknown, Error, ContentItem> {
  return {
    mutationFn: (item) => deleteContent(item.id),
    onSettled: () => contentsChanged(qc),
  };
}

export function enrollMutation(qc: QueryClient): UseMutationOptions<Enrollment, Error, number> {
  return {
    mutationFn: enrollContent,
    onSuccess: (enrollment, id) => qc.setQueryData<ContentDetail>(contentKeys.one(id), (item) => item && { ...item, enrollment }),
    onSettled: () => contentsChanged(qc),
  };
}

export interface PartVars {
  enrollment: Enrollment;
  partId: number;
  /** A quiz part is handed in (quiz-submit); any other marked done (complete-part). */
  quiz: boolean;
}

/** A part done; the item and its parts are read again (the next part opens). */
export function finishPartMutation(qc: QueryClient): UseMutationOptions<Enrollment, Error, PartVars> {
  return {
    mutationFn: ({ enrollment, partId, quiz }) => (quiz ? submitQuizPart(enrollment.id, partId) : completePart(enrollment.id, partId)),
    onSuccess: (enrollment, { partId }) => {
      const id = enrollment.content_id;
      qc.setQueryData<ContentDetail>(contentKeys.one(id), (item) => item && { ...item, enrollment });
      // The part is done and the next one opens at once, before the parts are read again.
      qc.setQueryData<ContentDetail>(contentKeys.ordered(id), (item) => item && { ...item, enrollment, parts: partDone(item.parts, partId) });
    },
    onSettled: () => contentsChanged(qc),
  };
}

export function reviewMutation(qc: QueryClient, id: number): UseMutationOptions<Review, Error, { rating: number; comment: string }> {
  return {
    mutationFn: (body) => reviewContent(id, body),
    onSettled: () => contentsChanged(qc),
  };
}
