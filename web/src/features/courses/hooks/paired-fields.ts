import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Fields checked together (a title in Bangla or in English): once either shows an error, a change
 * to one re-validates both, so the message goes away as soon as the pair is right. (react-hook-form's
 * `deps` only run after a submit; the create stepper validates with `trigger`.)
 */
export function revalidateTogether<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getFieldState' | 'trigger'>, names: Path<T>[]) {
  if (names.some((n) => form.getFieldState(n).error)) void form.trigger(names);
}
