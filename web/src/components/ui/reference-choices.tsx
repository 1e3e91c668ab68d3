// Choosing entries of a reference list ({id, title, bn_title}: categories, professions, districts)
// by typing part of a name: one or several, named in the interface's language. An id the list does
// not hold (any more) keeps its place as "#id", so that saving again does not drop it unseen.
import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { categoryTitle } from '../../lib/course-text';
import { formatNumber } from '../../lib/lang';
import { useDistricts, useDivisions, type District, type ReferenceItem } from '../../lib/reference-api';

interface CommonProps<T extends ReferenceItem> {
  /** The input's id, and the field's test id. */
  id: string;
  label: string;
  options: T[] | undefined;
  loading?: boolean;
  /** The field's refusal (shown instead of `hint`). */
  error?: string | null;
  hint?: string;
  placeholder?: string;
  noOptionsText: string;
  disabled?: boolean;
  /** Options come sorted by it (MUI shows a heading per run of equal groups). */
  groupBy?: (option: T) => string;
}

/** Several ids, or one (null: none). */
type Choice = { multiple: true; value: number[]; onChange: (ids: number[]) => void } | { multiple?: false; value: number | null; onChange: (id: number | null) => void };

export type ReferenceChoicesProps<T extends ReferenceItem> = CommonProps<T> & Choice;

export function ReferenceChoices<T extends ReferenceItem>(props: ReferenceChoicesProps<T>) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const options = props.options ?? [];
  const find = (id: number) => options.find((o) => o.id === id) ?? ({ id, title: '', bn_title: null } as T);
  const label = (o: T) => categoryTitle(o, lang) || `#${formatNumber(o.id, lang)}`;
  const empty = props.multiple ? props.value.length === 0 : props.value == null;
  return (
    <Autocomplete<T, boolean, false, false>
      multiple={!!props.multiple}
      id={props.id}
      options={options}
      value={props.multiple ? props.value.map(find) : props.value == null ? null : find(props.value)}
      onChange={(_, chosen) => {
        if (props.multiple) props.onChange(Array.isArray(chosen) ? chosen.map((c) => c.id) : []);
        else props.onChange(chosen && !Array.isArray(chosen) ? chosen.id : null);
      }}
      getOptionLabel={label}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      groupBy={props.groupBy}
      loading={props.loading}
      noOptionsText={props.noOptionsText}
      disabled={props.disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={empty ? props.placeholder : undefined}
          error={!!props.error}
          helperText={props.error || props.hint}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          data-testid={props.id}
        />
      )}
    />
  );
}

/** The 64 districts, under the name of their division. */
export function DistrictChoices(props: Omit<CommonProps<District>, 'options' | 'loading' | 'groupBy'> & Choice) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const districts = useDistricts();
  const divisions = useDivisions();
  const division = (id: number) => categoryTitle(divisions.data?.find((d) => d.id === id), lang);
  const byName = (a: District, b: District) => categoryTitle(a, lang).localeCompare(categoryTitle(b, lang), lang);
  const options = districts.data && [...districts.data].sort((a, b) => a.division_id - b.division_id || byName(a, b));
  // Without the divisions' names (not loaded, or refused) the districts are one list.
  const groupBy = divisions.data ? (d: District) => division(d.division_id) : undefined;
  return <ReferenceChoices<District> {...props} options={options} loading={districts.isLoading} groupBy={groupBy} />;
}
