// React glue of the autosave (answer-sync.ts): one engine per attempt, re-rendering on its
// changes, sending again when the browser comes back online, and flushing when the page is hidden.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Answer } from '../api/exams-api';
import { saveAnswer, type AttemptPaper } from '../api/exam-front-api';
import { answerBody } from './answer-logic';
import { AnswerSync } from './answer-sync';

export function useAnswerSync(paper: AttemptPaper, onClosed: (err: unknown) => void) {
  const closedRef = useRef(onClosed);
  useEffect(() => {
    closedRef.current = onClosed;
  });
  const [sync] = useState(() => {
    const bySlot = new Map(paper.questions.map((q) => [q.slot, q]));
    const engine = new AnswerSync({
      attempt: paper.uuid,
      send: (slot, clientSeq, answer) => saveAnswer(paper.uuid, { slot, client_seq: clientSeq, answer }),
      body: (slot, answer: Answer) => {
        const q = bySlot.get(slot);
        return q ? answerBody(q.question_type, answer, q.gaps) : answer;
      },
      onClosed: (err) => closedRef.current(err),
    });
    engine.load(
      paper.questions.map((q) => q.slot),
      paper.answers ?? [],
    );
    return engine;
  });
  useSyncExternalStore(sync.subscribe, sync.getVersion, sync.getVersion);

  useEffect(() => {
    const online = () => sync.retryAll();
    const hidden = () => {
      if (document.visibilityState === 'hidden') void sync.flushAll();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [sync]);

  useEffect(() => {
    sync.resume();
    return () => sync.dispose();
  }, [sync]);
  return sync;
}
