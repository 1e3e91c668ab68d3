// Queries and mutations of the dashboard's blogs, tutorials and articles (/blogs/list,
// /tutorials/list, /articles/list). Keys apart from the public pages' (`my-posts`): the lists here
// hold drafts and carry no body.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import type { Page } from '../../../lib/types';
import {
  deletePost,
  fetchMyPost,
  fetchMyPosts,
  fetchPostCategories,
  publishPost,
  storePost,
  updatePost,
  type Post,
  type PostStatus,
  type PostType,
} from '../api/publishing-api';
import { postBody, type PostFormValues } from './post-form';

export const POSTS_PAGE_SIZE = 10;

export interface MyPostsParams {
  type: PostType;
  page: number;
  search: string;
  status: PostStatus | '';
  categoryId: number | null;
}

export const myPostKeys = {
  all: ['my-posts'] as const,
  lists: ['my-posts', 'list'] as const,
  list: (p: MyPostsParams) => ['my-posts', 'list', p.type, p.page, p.search, p.status, p.categoryId ?? ''] as const,
  one: (type: PostType, id: number) => ['my-posts', 'one', type, id] as const,
  categories: (type: PostType) => ['post-categories', type] as const,
};

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function useMyPosts(params: MyPostsParams) {
  return useQuery({
    queryKey: myPostKeys.list(params),
    queryFn: ({ signal }) =>
      fetchMyPosts(
        params.type,
        { page: params.page, limit: POSTS_PAGE_SIZE, search: params.search || undefined, publish: params.status || undefined, category_id: params.categoryId },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** The type's categories (they change rarely: kept for the session). */
export function usePostCategories(type: PostType) {
  return useQuery({ queryKey: myPostKeys.categories(type), queryFn: () => fetchPostCategories(type), staleTime: Infinity, retry: retryTransient });
}

/** One post with its body, for the editor (lists carry none). */
export function myPostQuery(type: PostType, id: number) {
  return { queryKey: myPostKeys.one(type, id), queryFn: () => fetchMyPost(type, id), retry: retryTransient };
}

function postsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: myPostKeys.all });
}

export interface SaveVars {
  values: PostFormValues;
  /** Blogs and tutorials: sent for approval. */
  submit: boolean;
}

/** Stores (no `id`) or updates post `id` of `type`; the lists are read again. */
export function savePostMutation(qc: QueryClient, type: PostType, id?: number): UseMutationOptions<Post, Error, SaveVars> {
  return {
    mutationFn: ({ values, submit }) => {
      const body = postBody(type, values, submit);
      return id ? updatePost(type, id, body) : storePost(type, body);
    },
    onSuccess: (saved) => qc.setQueryData(myPostKeys.one(type, saved.id), saved),
    onSettled: () => postsChanged(qc),
  };
}

export interface PublishVars {
  post: Post;
  publish: boolean;
  reason?: string;
}

/** An approver publishes or unpublishes (with an optional reason); the row shows it at once. */
export function publishPostMutation(qc: QueryClient): UseMutationOptions<Post, Error, PublishVars> {
  return {
    mutationFn: ({ post, publish, reason }) => publishPost(post.type, post.id, publish, reason?.trim() || undefined),
    onSuccess: (changed) => {
      qc.setQueriesData<Page<Post>>({ queryKey: myPostKeys.lists }, (page) =>
        page && { ...page, data: page.data.map((p) => (p.id === changed.id && p.type === changed.type ? { ...changed, body: '' } : p)) },
      );
    },
    onSettled: () => postsChanged(qc),
  };
}

export function deletePostMutation(qc: QueryClient): UseMutationOptions<unknown, Error, Post> {
  return {
    mutationFn: (p) => deletePost(p.type, p.id),
    onSettled: () => postsChanged(qc),
  };
}
