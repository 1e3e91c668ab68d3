import { useQuery } from '@tanstack/react-query';
import { fetchAttempt, fetchIntro, fetchResult } from '../api/exam-front-api';

export const examFrontKeys = {
  intro: (uuid: string) => ['exam-front', 'intro', uuid] as const,
  attempt: (uuid: string) => ['exam-front', 'attempt', uuid] as const,
  result: (uuid: string) => ['exam-front', 'result', uuid] as const,
};

export function useExamIntro(uuid: string) {
  return useQuery({ queryKey: examFrontKeys.intro(uuid), queryFn: () => fetchIntro(uuid), enabled: !!uuid });
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
