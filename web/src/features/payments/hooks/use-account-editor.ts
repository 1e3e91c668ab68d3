// The state of a payment account form (the SSLCommerz store, the bKash wallet): the values as
// typed, the save, its refusals by field, and the toast when it is done. Each gateway's form gives
// its values, checks and words; the rest is the same.
import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import type { MerchantAccount } from '../api/payments-api';
import { gatewayUnreached } from './merchant-form';

/**
 * The form's message of no field for a save's `error`: the gateway not reached (nothing was
 * changed, and what was typed is still in the form) in the form's own words, else `formError`.
 */
export const accountFormError = (error: unknown, formError: string | null, unreachedText: string) => (gatewayUnreached(error) ? unreachedText : formError);

export interface AccountEditorOptions<V, F extends string> {
  /** What the site has now. */
  saved: MerchantAccount;
  /** The fields the server may refuse. */
  fields: readonly F[];
  /** The form's values for the settings (on opening, and as the server kept them after a save). */
  valuesOf: (saved: MerchantAccount) => V;
  /** The client's checks, as codes by field ... */
  problems: (values: V) => FieldProblems<F>;
  /** ... in these words (default: errors:<code>). */
  codeText?: (code: string) => string;
  mutation: (qc: QueryClient) => UseMutationOptions<MerchantAccount, Error, V>;
  /** The toast once saved. */
  savedText: (saved: MerchantAccount) => string;
  /** The form's message when the gateway was not reached to check the credentials. */
  unreachedText: string;
}

export function useAccountEditor<V extends object, F extends string>({ saved, fields, valuesOf, problems, codeText, mutation, savedText, unreachedText }: AccountEditorOptions<V, F>) {
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<V>(() => valuesOf(saved));
  const save = useMutation(mutation(qc));
  const { errors, formError, changed, check } = useFieldErrors(fields, save.error, codeText);

  const onChange = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as F[]);
  };

  const onSubmit = () => {
    if (!check(problems(values))) return;
    save.mutate(values, {
      onSuccess: (account) => {
        setValues(valuesOf(account));
        toast.show(savedText(account));
      },
    });
  };

  return {
    values,
    errors,
    formError: accountFormError(save.error, formError, unreachedText),
    busy: save.isPending,
    onChange,
    onSubmit,
  };
}
