// The paper of an exam: bank questions picked one by one, and parts that draw `pick` random
// questions from a folder for each attempt; in order, movable and removable with buttons (so with
// the keyboard too).
import { Alert, Box, Button, Card, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useFormState, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildFolderTree, flattenTree } from '../../../lib/folder-tree';
import { formatNumber } from '../../../lib/lang';
import type { BankFolder, BankQuestion } from '../api/exams-api';
import { emptyPart, paperSize, type ExamFormValues, type PartErrorField } from '../hooks/exam-form';
import { formatMarks, localText } from '../hooks/exam-format';
import { TypeChip } from './exam-parts';
import { QuestionPickerDialog } from './question-picker-dialog';

type Form = UseFormReturn<ExamFormValues>;
type PartErrors = Partial<Record<PartErrorField, FieldError>>;

export function PaperBuilder({ form, folders, foldersError }: { form: Form; folders: readonly BankFolder[]; foldersError: boolean }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const { control } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'parts', keyName: 'key' });
  const parts = useWatch({ control, name: 'parts' });
  const { errors, isSubmitted } = useFormState({ control });
  const [picker, setPicker] = useState(false);
  const flat = useMemo(() => flattenTree(buildFolderTree(folders, lang)), [folders, lang]);
  const existing = useMemo(() => new Set((parts ?? []).filter((p) => p.kind === 'question' && p.question_id != null).map((p) => p.question_id!)), [parts]);
  const size = paperSize(parts ?? []);
  const partErrors = (i: number) => (errors.parts as unknown as PartErrors[] | undefined)?.[i];
  const rootError = (errors.parts as { root?: FieldError; message?: string } | undefined)?.root?.message ?? (errors.parts as { message?: string } | undefined)?.message;

  const recheck = () => {
    if (isSubmitted) void form.trigger('parts');
  };

  const add = (questions: BankQuestion[]) => {
    append(
      questions.map((q) => ({
        ...emptyPart('question'),
        question_id: q.id,
        question: { id: q.id, question_type: q.question_type, text: q.text, text_bn: q.text_bn, marks: q.marks },
      })),
    );
    setPicker(false);
    recheck();
  };

  return (
    <Box data-testid="paper-builder">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('exams:paper.hint')}
      </Typography>
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="parts-error">
          {rootError}
        </Alert>
      )}
      {fields.length === 0 ? (
        <Card variant="outlined" sx={{ p: 3, textAlign: 'center', color: 'text.secondary', mb: 2 }} data-testid="paper-empty">
          {t('exams:paper.empty')}
        </Card>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label={t('exams:paper.list_label')}>
          {fields.map((f, i) => {
            const part = parts?.[i] ?? f;
            const err = partErrors(i);
            // Messages with no field of their own in this row show under it.
            const rowError = part.kind === 'question' ? (err?.question_id ?? err?.ref ?? err?.pick ?? err?.folder_id)?.message : (err?.question_id ?? err?.ref)?.message;
            const position = formatNumber(i + 1, lang);
            const name = part.kind === 'question' ? localText(part.question, lang) || t('exams:paper.question_n', { id: formatNumber(part.question_id ?? 0, lang) }) : t('exams:paper.random_part');
            return (
              <Card
                component="li"
                key={f.key}
                variant="outlined"
                sx={{ p: { xs: 1.5, sm: 2 }, borderColor: rowError ? 'error.main' : undefined }}
                data-testid="paper-part"
                data-kind={part.kind}
                data-question-id={part.question_id ?? undefined}
                data-folder-id={part.folder_id || undefined}
              >
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <Box
                    sx={{ minWidth: 28, height: 28, borderRadius: '50%', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontSize: 14, fontWeight: 700, flexShrink: 0 }}
                    aria-hidden
                  >
                    {position}
                  </Box>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    {part.kind === 'question' ? (
                      <>
                        <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-user-content data-testid="part-text">
                          {name}
                        </Typography>
                        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                          {part.question && <TypeChip type={part.question.question_type} />}
                          {part.question && (
                            <Typography variant="body2" color="text.secondary">
                              {t('exams:paper.marks', { n: formatMarks(part.question.marks, lang) })}
                            </Typography>
                          )}
                        </Stack>
                      </>
                    ) : (
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                        <Controller
                          name={`parts.${i}.folder_id`}
                          control={control}
                          render={({ field, fieldState }) => (
                            <TextField
                              select
                              size="small"
                              id={`part-${i}-folder`}
                              label={t('exams:paper.folder')}
                              value={flat.some((x) => String(x.folder.id) === field.value) ? field.value : ''}
                              onChange={(e) => {
                                field.onChange(e.target.value);
                                form.setValue(`parts.${i}.folder_name`, folders.find((x) => String(x.id) === e.target.value)?.name ?? '');
                                recheck();
                              }}
                              inputRef={field.ref}
                              error={!!fieldState.error || foldersError}
                              helperText={fieldState.error?.message ?? (foldersError ? t('exams:paper.folders_error') : undefined)}
                              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                              sx={{ flex: 2, minWidth: 0 }}
                              data-testid="part-folder"
                            >
                              <MenuItem value="">
                                <em>{part.folder_name || t('exams:paper.choose_folder')}</em>
                              </MenuItem>
                              {flat.map(({ folder, depth }) => (
                                <MenuItem key={folder.id} value={String(folder.id)} sx={{ pl: 2 + depth * 2 }} data-testid="folder-option" data-shared={folder.shared || undefined}>
                                  {depth > 0 ? '└ ' : ''}
                                  {t(folder.shared ? 'exams:paper.folder_option_shared' : 'exams:paper.folder_option', { name: folder.name, count: folder.question_count })}
                                </MenuItem>
                              ))}
                            </TextField>
                          )}
                        />
                        <Controller
                          name={`parts.${i}.pick`}
                          control={control}
                          render={({ field, fieldState }) => (
                            <TextField
                              {...field}
                              onChange={(e) => {
                                field.onChange(e);
                                recheck();
                              }}
                              size="small"
                              type="text"
                              id={`part-${i}-pick`}
                              label={t('exams:paper.pick')}
                              error={!!fieldState.error}
                              helperText={fieldState.error?.message ?? t('exams:paper.pick_hint')}
                              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                              sx={{ flex: 1, minWidth: 0 }}
                              data-testid="part-pick"
                            />
                          )}
                        />
                      </Stack>
                    )}
                    {rowError && (
                      <Typography variant="body2" color="error" sx={{ mt: 0.5 }} role="alert" data-testid="part-error">
                        {rowError}
                      </Typography>
                    )}
                  </Box>
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexShrink: 0 }}>
                    <Tooltip title={t('exams:paper.move_up')}>
                      <span>
                        <IconButton size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('exams:paper.move_up_label', { n: position })} data-testid="part-up">
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('exams:paper.move_down')}>
                      <span>
                        <IconButton size="small" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={t('exams:paper.move_down_label', { n: position })} data-testid="part-down">
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('exams:paper.remove')}>
                      <IconButton
                        size="small"
                        color="error"
                        onClick={() => {
                          remove(i);
                          recheck();
                        }}
                        aria-label={t('exams:paper.remove_label', { n: position })}
                        data-testid="part-remove"
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="paper-size" data-questions={size.questions}>
        {t('exams:paper.size', { count: size.questions })}
        {' · '}
        {t('exams:paper.fixed_marks', { n: formatMarks(size.marks, lang) })}
        {size.random > 0 && ` · ${t('exams:paper.random_count', { count: size.random })}`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setPicker(true)} data-testid="add-questions">
          {t('exams:paper.add_questions')}
        </Button>
        <Button
          variant="outlined"
          startIcon={folders.length ? <ShuffleIcon /> : <FolderOutlinedIcon />}
          onClick={() => {
            append(emptyPart('folder'));
            recheck();
          }}
          data-testid="add-random"
        >
          {t('exams:paper.add_random')}
        </Button>
      </Stack>
      <QuestionPickerDialog open={picker} existing={existing} onClose={() => setPicker(false)} onAdd={add} />
    </Box>
  );
}
