// A list page's filter kept in the address (?status=, ?category=…): a select whose first choice,
// "all", removes it.
import { MenuItem, TextField } from '@mui/material';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { withParam } from '../../lib/list-params';

/**
 * The address's query parameters, and a filter's setter: the list goes back to page 1, in place of
 * the last address. The setter changes with the address only (a debounced search waits on it).
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const setFilter = useCallback((key: string, value: string) => setParams(withParam(params, key, value), { replace: true }), [params, setParams]);
  return [params, setFilter] as const;
}

export interface FilterSelectProps {
  id: string;
  label: string;
  /** The choice's value; '' for all. */
  value: string;
  /** The first choice's label: no filter. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth: number;
  testId: string;
}

export function FilterSelect({ id, label, value, allLabel, options, onChange, minWidth, testId }: FilterSelectProps) {
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value || 'all'}
      onChange={(e) => onChange(e.target.value === 'all' ? '' : e.target.value)}
      sx={{ minWidth, bgcolor: 'background.paper' }}
      slotProps={{ inputLabel: { shrink: true } }}
      data-testid={testId}
    >
      <MenuItem value="all">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
