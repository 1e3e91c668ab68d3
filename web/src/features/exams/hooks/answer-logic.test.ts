import { describe, expect, it } from 'vitest';
import { answerBody, emptyAnswer, fullAnswer, isAnswered, splitGaps, toggleChoice, unansweredSlots, withBlank } from './answer-logic';

const a = (over: Partial<ReturnType<typeof emptyAnswer>>) => ({ ...emptyAnswer(), ...over });

describe('answers', () => {
  it('says whether each type is answered', () => {
    expect(isAnswered('multiple_choice', a({ choices: [2] }))).toBe(true);
    expect(isAnswered('multiple_select', a({}))).toBe(false);
    expect(isAnswered('true_false', a({ text: 'false' }))).toBe(true);
    expect(isAnswered('fill_blanks', a({ blanks: ['', ' '] }))).toBe(false);
    expect(isAnswered('fill_blanks', a({ blanks: ['', 'ঢাকা'] }))).toBe(true);
    expect(isAnswered('essay', a({ text: '  ' }))).toBe(false);
    expect(isAnswered('assignment', a({ file: 'map.png' }))).toBe(true);
    expect(isAnswered('date', null)).toBe(false);
  });

  it('sends only the type’s member, one blank per gap, dates and times in ASCII digits', () => {
    const full = a({ choices: [3, 1, 3], text: ' ২৬/০৩/১৯৭১ ', blanks: ['x'], file: 'f' });
    expect(answerBody('multiple_select', full)).toEqual(a({ choices: [1, 3] }));
    expect(answerBody('multiple_choice', full)).toEqual(a({ choices: [3] }));
    expect(answerBody('date', full)).toEqual(a({ text: '26/03/1971' }));
    expect(answerBody('time', a({ text: '০৯:৩০' }))).toEqual(a({ text: '09:30' }));
    expect(answerBody('fill_blanks', full, 3)).toEqual(a({ blanks: ['x', '', ''] }));
    expect(answerBody('assignment', full)).toEqual(a({ file: 'f' }));
    expect(answerBody('essay', a({ text: ' my essay ' }))).toEqual(a({ text: ' my essay ' }));
  });

  it('edits choices and blanks', () => {
    expect(toggleChoice(a({ choices: [2] }), 1, true).choices).toEqual([1, 2]);
    expect(toggleChoice(a({ choices: [1, 2] }), 2, false).choices).toEqual([1]);
    expect(withBlank(a({}), 1, 'b', 3).blanks).toEqual(['', 'b', '']);
  });

  it('reads partial saved answers', () => {
    expect(fullAnswer({ text: 'x' } as never)).toEqual(a({ text: 'x' }));
    expect(fullAnswer(null)).toEqual(emptyAnswer());
    expect(fullAnswer({ file: '' } as never).file).toBeNull();
  });

  it('splits a text at its gaps and counts the unanswered questions', () => {
    expect(splitGaps('The ___ sat on the _____.')).toEqual(['The ', ' sat on the ', '.']);
    const qs = [
      { slot: 0, question_type: 'essay' as const },
      { slot: 1, question_type: 'multiple_choice' as const },
    ];
    expect(unansweredSlots(qs, (s) => (s === 1 ? a({ choices: [0] }) : null))).toEqual([0]);
  });
});
