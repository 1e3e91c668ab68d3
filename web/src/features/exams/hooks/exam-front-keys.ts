// Query keys of the learner's exam screens, in a module of their own: the course journey reads them
// (a quiz lesson) without loading the exam client into the course pages.
export const examFrontKeys = {
  intros: ['exam-front', 'intro'] as const,
  intro: (uuid: string) => ['exam-front', 'intro', uuid] as const,
  attempt: (uuid: string) => ['exam-front', 'attempt', uuid] as const,
  result: (uuid: string) => ['exam-front', 'result', uuid] as const,
};
