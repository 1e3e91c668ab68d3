// A form's text fields bound to its values: each field's id is `<idPrefix>-<field>`, its value and
// change go through the form, and its refusal shows in red in place of its hint.
import { TextField } from '@mui/material';
import type { ReactNode } from 'react';

export interface BoundFields<V> {
  /** The fields' ids: `<idPrefix>-<field>`. */
  idPrefix: string;
  values: V;
  /** Each field's refusal, worded. */
  errors: { readonly [field: string]: string | undefined };
  disabled: boolean;
  onChange: (patch: Partial<V>) => void;
}

/** TextField's other props (type, required, slotProps…); `helperText` is the hint, under the field while it is not refused. */
export type TextFieldExtra = { helperText?: ReactNode; [prop: string]: unknown };

/** The form's `text(field, label, extra)`: a TextField for one of its text values. */
export function boundTextField<V>({ idPrefix, values, errors, disabled, onChange }: BoundFields<V>) {
  return <F extends keyof V & string>(field: F, label: string, extra: TextFieldExtra = {}) => (
    <TextField
      id={`${idPrefix}-${field}`}
      name={field}
      label={label}
      value={values[field]}
      onChange={(e) => onChange({ [field]: e.target.value } as Partial<V>)}
      disabled={disabled}
      error={!!errors[field]}
      fullWidth
      {...extra}
      helperText={errors[field] ?? extra.helperText}
    />
  );
}
