// The text box of an Autocomplete whose options load from the server: a spinner beside the open/clear buttons while they load.
import { CircularProgress, TextField, type AutocompleteRenderInputParams, type BaseTextFieldProps } from '@mui/material';

export interface LoadingAutocompleteInputProps extends Omit<BaseTextFieldProps, 'slotProps' | 'variant'> {
  /** What the Autocomplete's renderInput is given. */
  params: AutocompleteRenderInputParams;
  loading: boolean;
  /** The label stays above the box (room for the placeholder); false: MUI's own (over an empty box). */
  shrinkLabel?: boolean;
  'data-testid'?: string;
}

export function LoadingAutocompleteInput({ params, loading, shrinkLabel = true, ...rest }: LoadingAutocompleteInputProps) {
  return (
    <TextField
      {...params}
      {...rest}
      slotProps={{
        ...params.slotProps,
        ...(shrinkLabel ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
        input: {
          ...params.slotProps.input,
          endAdornment: (
            <>
              {loading ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
              {params.slotProps.input.endAdornment}
            </>
          ),
        },
      }}
    />
  );
}
