// A question's picture (a figure, a map, a circuit), optional: chosen from the file manager (the
// person's own pictures or those shared with them; links are not offered), copied for questions
// by POST /question-bank/media, whose address the form keeps in `image`. A preview with Remove;
// the server's refusals of the file (`file_id`) or of the address (`image`) show on the field.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureField } from '../../../components/ui/picture-field';
import { useToast } from '../../../components/ui/toast-provider';
import { fieldProblem } from '../../../lib/field-error-text';
import type { PickerFile } from '../../../lib/file-picker-api';
import { useErrorText } from '../../../lib/use-error-text';
import { attachQuestionMedia } from '../api/questions-api';

// Only when a picture is being chosen.
const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

/** The refusals of `file_id` the field words itself. */
const PICTURE_CODES = ['invalid_file', 'invalid_choice'] as const;

/** The refusal of the chosen file, worded for a question's picture; null when it is about no file. */
export function usePictureErrorText() {
  const { t } = useTranslation('questions');
  return (err: unknown): string | null => {
    const p = fieldProblem(err, 'file_id');
    if (!p) return null;
    if ('code' in p && (PICTURE_CODES as readonly string[]).includes(p.code)) return t(`questions:picture.errors.${p.code}`);
    return 'message' in p ? p.message : t('questions:picture.errors.invalid_file');
  };
}

export interface QuestionPictureFieldProps {
  /** The form's `image`: '' for none. */
  value: string;
  onChange: (image: string) => void;
  /** The form's refusal of `image` (the server's, on saving). */
  error?: string;
  disabled?: boolean;
}

export function QuestionPictureField({ value, onChange, error, disabled = false }: QuestionPictureFieldProps) {
  const { t } = useTranslation('questions');
  const toast = useToast();
  const errorText = useErrorText();
  const pictureError = usePictureErrorText();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const attach = useMutation({
    mutationFn: (file: PickerFile) => attachQuestionMedia(file.id),
    onSuccess: (url) => onChange(url),
    // A refusal of the file shows on the field; anything else (offline, 500) as a toast.
    onError: (err) => {
      if (!pictureError(err)) toast.show(errorText(err), { severity: 'error' });
    },
  });
  const shown = (attach.error && pictureError(attach.error)) || error;
  return (
    <>
      <PictureField
        src={value || null}
        label={t('questions:picture.label')}
        alt={t('questions:picture.preview')}
        emptyText={t('questions:picture.none')}
        pickLabel={value ? t('questions:picture.change') : t('questions:picture.choose')}
        hint={t('questions:picture.hint')}
        error={shown || undefined}
        disabled={disabled}
        attaching={attach.isPending}
        maxWidth={360}
        fit="contain"
        onPick={() => {
          setOpened(true);
          setOpen(true);
        }}
        remove={{
          label: t('questions:picture.remove'),
          onRemove: () => {
            attach.reset();
            onChange('');
          },
          testId: 'remove-question-picture',
        }}
        testIds={{ preview: 'question-picture-preview', pick: 'pick-question-picture', error: 'question-picture-error' }}
      />
      {opened && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={open}
            onClose={() => setOpen(false)}
            onPick={(file) => {
              setOpen(false);
              attach.mutate(file);
            }}
            type="image"
            allowLinks={false}
            title={t('questions:picture.picker_title')}
          />
        </Suspense>
      )}
    </>
  );
}
