// The leaderboard's queries, its place in the address (?scope=all&period=all_time&page=2; the
// defaults, this site and this week, and page 1 are left out), and the "hide me" switch's call.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { withParam } from '../../../lib/list-params';
import { parsePage } from '../../../lib/pager';
import { useToken } from '../../../lib/session';
import {
  fetchGamification,
  fetchLeaderboard,
  LEADERBOARD_LIMIT,
  PERIODS,
  SCOPES,
  setHidden,
  type Gamification,
  type LeaderboardParams,
  type Period,
  type Scope,
} from '../api/leaderboard-api';

export const DEFAULT_SCOPE: Scope = 'site';
export const DEFAULT_PERIOD: Period = 'week';

/**
 * Keyed by the session's token (as the signed-in user's own record is): another person signing
 * in on this browser never sees the last one's "me" row or points.
 */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  lists: ['leaderboard', 'list'] as const,
  list: (p: LeaderboardParams, token: string | null) => ['leaderboard', 'list', p.scope, p.period, p.page, p.limit ?? LEADERBOARD_LIMIT, token ?? ''] as const,
  mine: (token: string | null) => ['leaderboard', 'mine', token ?? ''] as const,
};

/** The board's choices as the address gives them: anything unknown is the default. */
export function boardParams(params: URLSearchParams): LeaderboardParams {
  const scope = params.get('scope');
  const period = params.get('period');
  return {
    scope: SCOPES.includes(scope as Scope) ? (scope as Scope) : DEFAULT_SCOPE,
    period: PERIODS.includes(period as Period) ? (period as Period) : DEFAULT_PERIOD,
    page: parsePage(params.get('page')),
    limit: LEADERBOARD_LIMIT,
  };
}

/** The query string for a new scope or period: the default left out, back on page 1. */
export function withChoice(search: string | URLSearchParams, key: 'scope' | 'period', value: string): URLSearchParams {
  const fallback = key === 'scope' ? DEFAULT_SCOPE : DEFAULT_PERIOD;
  return withParam(search, key, value === fallback ? '' : value);
}

/**
 * The board's choices from the address, and a setter that adds a history entry (Back returns to
 * the last choice).
 */
export function useBoardParams() {
  const [params, setParams] = useSearchParams();
  const choose = (key: 'scope' | 'period', value: string) => setParams(withChoice(params, key, value));
  return [boardParams(params), choose] as const;
}

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function leaderboardQuery(p: LeaderboardParams, token: string | null) {
  return {
    queryKey: leaderboardKeys.list(p, token),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchLeaderboard(p, signal),
    retry: retryTransient,
  };
}

export function useLeaderboard(p: LeaderboardParams) {
  const token = useToken();
  return useQuery({ ...leaderboardQuery(p, token), placeholderData: keepPreviousData });
}

export function gamificationQuery(token: string | null) {
  return {
    queryKey: leaderboardKeys.mine(token),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchGamification(signal),
    retry: retryTransient,
    enabled: !!token,
  };
}

/** The signed-in learner's points, ranks, badges and weeks; nothing is asked without a session. */
export function useGamification() {
  return useQuery(gamificationQuery(useToken()));
}

/**
 * The "Hide me from the public leaderboard" switch: PUT {hidden}. The switch moves at once; the
 * server's answer (the same body as the GET) then replaces the cached one, or the old one comes
 * back on a refusal. The board is read again: the learner's row goes or comes back.
 */
export function hideMutation(qc: QueryClient, token: string | null): UseMutationOptions<Gamification, Error, { hidden: boolean }, { before?: Gamification }> {
  const key = leaderboardKeys.mine(token);
  return {
    mutationFn: ({ hidden }) => setHidden(hidden),
    onMutate: async ({ hidden }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Gamification>(key);
      if (before) qc.setQueryData<Gamification>(key, { ...before, hidden });
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (saved) => {
      qc.setQueryData(key, saved);
      void qc.invalidateQueries({ queryKey: leaderboardKeys.lists });
    },
  };
}
