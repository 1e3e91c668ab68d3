// Puts the field messages of a 422 (`errors` map, already translated by the server) on form fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from './use-error-text';

/**
 * Sets each known field's message (a nested name such as "objectives.2" goes to its root field
 * unless `nested` maps it). Returns the root names that got a message, in the server's order.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  known: readonly string[],
  nested?: (name: string) => string | null,
): string[] {
  const out: string[] = [];
  for (const [name, message] of Object.entries(fieldErrorsOf(err))) {
    const root = name.split('.')[0];
    if (!known.includes(root)) continue;
    const target = (name !== root && nested?.(name)) || root;
    setError(target as Path<T>, { type: 'server', message });
    if (!out.includes(root)) out.push(root);
  }
  return out;
}
