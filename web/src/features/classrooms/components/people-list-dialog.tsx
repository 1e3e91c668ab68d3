// "Add a list" (the people tab, teachers and admins; full-screen on phones): many teachers or
// students at once, one a line as "name, e-mail or mobile" (pasted from a sheet works too, with
// tabs). Every row is checked first and nothing is added while one is wrong: each wrong row is
// listed with its line and why (the client's checks, else the server's `people.<n>.<field>`).
// Afterwards the dialog says how many were added (joined at once or invited) and which lines were
// skipped because those people are in the class already.
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, Dialog, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../../components/ui/dialog-form';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { STUDENT, TEACHER, type PeopleAdded } from '../api/classrooms-api';
import { LIST_MAX, listBody, listProblems, parsePeopleList, rowErrorKeys, type ListRow, type PersonKind } from '../hooks/classroom-forms';
import { addPeopleListMutation } from '../hooks/use-classrooms';
import { useClassroomProblemText } from './classroom-dialog';

const TITLE_ID = 'people-list-title';

export function PeopleListDialog({ open, classroomId, onClose }: { open: boolean; classroomId: number; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="people-list-dialog">
      {open && <PeopleListEditor classroomId={classroomId} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

/** A wrong row as shown: its line, the name it gives and why. */
export interface RowError {
  line: number;
  name: string;
  text: string;
}

/** The wrong rows of the list sent: the server's `people.<n>.<field>` refusals, worded, by line. */
export function useRowErrors() {
  const fieldText = useFieldErrorText();
  return (rows: readonly ListRow[], err: unknown): RowError[] => {
    if (!(err instanceof ApiError)) return [];
    return rowErrorKeys(err.fieldErrors).map(({ row, key }) => ({ line: rows[row]?.line ?? row + 1, name: rows[row]?.name ?? '', text: fieldText(err, key) ?? '' }));
  };
}

function PeopleListEditor({ classroomId, onClose, onBusy }: { classroomId: number; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const qc = useQueryClient();
  const codeText = useClassroomProblemText();
  const errorText = useErrorText();
  const rowErrorsOf = useRowErrors();
  const [kind, setKind] = useState<PersonKind>('student');
  const [text, setText] = useState('');
  // The rows as last sent (the server numbers its refusals by them).
  const [sent, setSent] = useState<ListRow[]>([]);
  const [clientErrors, setClientErrors] = useState<RowError[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [result, setResult] = useState<{ added: PeopleAdded; rows: ListRow[] } | null>(null);
  const save = useMutation(addPeopleListMutation(qc, classroomId));

  const serverRows = rowErrorsOf(sent, save.error);
  const formError = save.error && !serverRows.length ? errorText(save.error) : null;

  const onSave = () => {
    const rows = parsePeopleList(text);
    setListError(null);
    setClientErrors([]);
    save.reset();
    if (!rows.length) return setListError(codeText('list_empty'));
    if (rows.length > LIST_MAX) return setListError(codeText('list_too_long'));
    const problems = listProblems(rows);
    if (problems.length) {
      return setClientErrors(problems.map((p) => ({ line: rows[p.row].line, name: rows[p.row].name, text: codeText(p.code) })));
    }
    setSent(rows);
    onBusy(true);
    save.mutate(
      { userType: kind === 'teacher' ? TEACHER : STUDENT, people: listBody(rows) },
      {
        onSuccess: (added) => setResult({ added, rows }),
        onSettled: () => onBusy(false),
      },
    );
  };

  if (result) {
    return (
      <PeopleListResult
        added={result.added}
        rows={result.rows}
        onAgain={() => {
          setResult(null);
          setText('');
          setSent([]);
          save.reset();
        }}
        onClose={onClose}
      />
    );
  }
  return (
    <PeopleListForm
      kind={kind}
      text={text}
      rowErrors={clientErrors.length ? clientErrors : serverRows}
      listError={listError}
      formError={formError}
      busy={save.isPending}
      onKind={setKind}
      onText={(v) => {
        setText(v);
        setListError(null);
      }}
      onSave={onSave}
      onCancel={onClose}
    />
  );
}

export interface PeopleListFormProps {
  kind: PersonKind;
  text: string;
  /** The wrong rows, by line. */
  rowErrors: readonly RowError[];
  /** The list as a whole (empty, too long). */
  listError?: string | null;
  formError?: string | null;
  busy: boolean;
  onKind: (kind: PersonKind) => void;
  onText: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function PeopleListForm({ kind, text, rowErrors, listError, formError, busy, onKind, onText, onSave, onCancel }: PeopleListFormProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const count = parsePeopleList(text).length;
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={t('classrooms:people.list_title')}
      busy={busy}
      submitLabel={t('classrooms:people.list_submit', { count, n: formatNumber(count, lang) })}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="people-list-form"
      submitTestId="save-people-list"
    >
      <Stack spacing={2}>
        <FormControl disabled={busy}>
          <FormLabel id="people-list-kind-label">{t('classrooms:people.kind')}</FormLabel>
          <RadioGroup row aria-labelledby="people-list-kind-label" name="people-list-kind" value={kind} onChange={(e) => onKind(e.target.value as PersonKind)}>
            <FormControlLabel value="student" control={<Radio id="people-list-kind-student" />} label={t('classrooms:people.student')} />
            <FormControlLabel value="teacher" control={<Radio id="people-list-kind-teacher" />} label={t('classrooms:people.teacher')} />
          </RadioGroup>
        </FormControl>
        <TextField
          id="people-list-text"
          label={t('classrooms:people.list_label')}
          placeholder={t('classrooms:people.list_placeholder')}
          value={text}
          onChange={(e) => onText(e.target.value)}
          multiline
          minRows={6}
          maxRows={16}
          fullWidth
          autoFocus
          disabled={busy}
          error={!!listError || rowErrors.length > 0}
          helperText={listError ?? t('classrooms:people.list_hint', { max: formatNumber(LIST_MAX, lang) })}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', 'aria-describedby': rowErrors.length ? 'people-list-errors' : undefined }, inputLabel: { shrink: true } }}
        />
        {rowErrors.length > 0 && (
          <Alert severity="error" id="people-list-errors" data-testid="people-list-errors">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('classrooms:people.list_fix', { count: rowErrors.length, n: formatNumber(rowErrors.length, lang) })}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {rowErrors.map((e, i) => (
                <li key={`${e.line}-${i}`} data-testid="people-list-error" data-line={e.line}>
                  {t('classrooms:people.list_row_error', { line: formatNumber(e.line, lang), name: e.name || '—', error: e.text })}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {formError && (
          <Alert severity="error" data-testid="people-list-form-error">
            {formError}
          </Alert>
        )}
      </Stack>
    </DialogForm>
  );
}

/** What the list did: who was added (joined at once or invited) and which lines were skipped. */
export function PeopleListResult({ added, rows, onAgain, onClose }: { added: PeopleAdded; rows: readonly ListRow[]; onAgain: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);
  const joined = added.added.filter((p) => p.status === 'joined').length;
  const invited = added.added.length - joined;
  const skipped = added.skipped.map((i) => ({ line: rows[i]?.line ?? i + 1, name: rows[i]?.name ?? '' }));
  return (
    <>
      <DialogTitle id={TITLE_ID}>{t('classrooms:people.list_title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5} role="status" data-testid="people-list-result">
          <Alert severity={added.added.length ? 'success' : 'info'} data-testid="people-list-added" data-count={added.added.length}>
            {t('classrooms:people.list_added', { count: added.added.length, n: n(added.added.length) })}
            {added.added.length > 0 && ` ${t('classrooms:people.list_added_detail', { joined: n(joined), invited: n(invited) })}`}
          </Alert>
          {skipped.length > 0 && (
            <Alert severity="warning" data-testid="people-list-skipped" data-count={skipped.length}>
              <Typography variant="body2">{t('classrooms:people.list_skipped', { count: skipped.length, n: n(skipped.length) })}</Typography>
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {skipped.map((s) => (
                  <li key={s.line}>{t('classrooms:people.list_skipped_row', { line: n(s.line), name: s.name || '—' })}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onAgain} data-testid="people-list-again">
          {t('classrooms:people.list_again')}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus data-testid="people-list-done">
          {t('classrooms:people.list_done')}
        </Button>
      </DialogActions>
    </>
  );
}
