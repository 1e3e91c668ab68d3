import { useQuery } from '@tanstack/react-query';
import { fetchAttempt, fetchIntro, fetchResult } from '../api/exam-front-api';
import { examFrontKeys } from './exam-front-keys';

export { examFrontKeys };

/** `fresh`: read again whenever a screen shows it (a course's quiz lesson, coming back from the exam). */
export function useExamIntro(uuid: string, opts: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: examFrontKeys.intro(uuid),
    queryFn: () => fetchIntro(uuid),
    enabled: !!uuid,
    ...(opts.fresh ? { staleTime: 0, refetchOnWindowFocus: true } : {}),
  });
}

/**
 * The paper of an attempt. Loaded once: the answers then live in the autosave (answer-sync.ts),
 * and a refetch would move the clock offset and the saved answers under the learner's feet.
 */
export function useAttemptPaper(uuid: string | null) {
  return useQuery({
    queryKey: examFrontKeys.attempt(uuid ?? ''),
    queryFn: () => fetchAttempt(uuid!),
    enabled: !!uuid,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useAttemptResult(uuid: string | null) {
  return useQuery({ queryKey: examFrontKeys.result(uuid ?? ''), queryFn: () => fetchResult(uuid!), enabled: !!uuid });
}
