// What a learner's part of a certificate exam shows in the results table.
import { isHandedIn } from '../../../lib/lesson-kinds';
import type { LearnerResults, PartResult } from '../api/certificate-exams-api';

export type PartOutcome = 'passed' | 'failed' | 'awaiting_marking' | 'started' | 'not_attempted';

/** Passed or failed by the best handed-in attempt; handed in but not marked yet; only started; never attempted. */
export function partOutcome(r: PartResult | undefined): PartOutcome {
  if (!r?.state) return 'not_attempted';
  if (r.passed != null) return r.passed ? 'passed' : 'failed';
  return isHandedIn(r.state) ? 'awaiting_marking' : 'started';
}

/** The learner's result of a part (none when they have not reached it). */
export function partOf(learner: LearnerResults, lessonId: number): PartResult | undefined {
  return learner.parts.find((p) => p.lesson_id === lessonId);
}
