// An event's materials: files of a manager's file manager handed to the people registered (slides,
// a reading list). Approved registrants open them; managers add one from their file manager (the
// shared file picker, fetched when first opened) and remove one after a confirmation.
import { Box, Button, Card, Divider, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VideoFileOutlinedIcon from '@mui/icons-material/VideoFileOutlined';
import AudioFileOutlinedIcon from '@mui/icons-material/AudioFileOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useErrorText } from '../../../lib/use-error-text';
import type { EventItem, Material } from '../api/events-api';
import { useAddMaterial, useMaterials, useRemoveMaterial } from '../hooks/use-events';

// Only when a file is being chosen.
const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

function fileIcon(m: Material) {
  if (m.file.is_url) return <LinkIcon />;
  switch (m.file.type) {
    case 'image':
      return <ImageOutlinedIcon />;
    case 'video':
      return <VideoFileOutlinedIcon />;
    case 'audio':
      return <AudioFileOutlinedIcon />;
    case 'document':
      return <DescriptionOutlinedIcon />;
    default:
      return <AttachFileIcon />;
  }
}

export function MaterialsSection({ event, manage, heading = true }: { event: EventItem; manage: boolean; heading?: boolean }) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const errorText = useErrorText();
  const list = useMaterials(event.id);
  const add = useAddMaterial(event.id);
  const remove = useRemoveMaterial(event.id);
  const [picking, setPicking] = useState<boolean | null>(null);
  const [removing, setRemoving] = useState<Material | null>(null);
  const rows = list.data ?? [];

  const addButton = manage && (
    <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setPicking(true)} disabled={add.isPending} data-testid="add-material">
      {t('materials.add')}
    </Button>
  );

  return (
    <Box component="section" aria-labelledby={`event-materials-${event.id}`} data-testid="event-materials">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Typography id={`event-materials-${event.id}`} variant="h6" component="h2" sx={heading ? undefined : visuallyHidden}>
          {t('materials.title')}
        </Typography>
        {rows.length > 0 && addButton}
      </Stack>
      <Card variant={heading ? 'outlined' : 'elevation'}>
        {list.isLoading ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Box>
        ) : list.error ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          </Box>
        ) : !rows.length ? (
          <EmptyState icon={<AttachFileIcon />} message={t('materials.empty')} action={addButton || undefined} />
        ) : (
          <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((m) => {
              const href = m.file.url || m.file.file_main_path || undefined;
              const title = m.file.title || m.file.file_name || t('materials.untitled');
              return (
                <Stack component="li" key={m.id} direction="row" spacing={1.5} sx={{ px: 2, py: 1, alignItems: 'center' }} data-testid="material-row" data-material-id={m.id}>
                  <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
                    {fileIcon(m)}
                  </Box>
                  <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-user-content>
                    {href ? (
                      <Box component="a" href={href} target="_blank" rel="noopener" sx={{ color: 'primary.main', fontWeight: 600 }}>
                        {title}
                      </Box>
                    ) : (
                      title
                    )}
                  </Typography>
                  {href && (
                    <IconButton component="a" href={href} target="_blank" rel="noopener" aria-label={`${t('materials.open')}: ${title}`}>
                      <OpenInNewIcon />
                    </IconButton>
                  )}
                  {manage && (
                    <IconButton color="error" onClick={() => setRemoving(m)} disabled={remove.isPending && remove.variables === m.id} aria-label={`${t('materials.remove')}: ${title}`} data-testid="remove-material">
                      <DeleteOutlineIcon />
                    </IconButton>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Card>
      {manage && picking !== null && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={picking}
            onClose={() => setPicking(false)}
            allowLinks
            title={t('materials.picker_title')}
            onPick={(file) => {
              setPicking(false);
              add.mutate(file.id, {
                onSuccess: () => toast.show(t('materials.added', { title: file.title })),
                onError: (err) => toast.show(errorText(err), { severity: 'error' }),
              });
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!removing}
        title={removing ? t('materials.remove_title', { title: removing.file.title || removing.file.file_name || '' }) : ''}
        body={t('materials.remove_body')}
        confirmLabel={t('materials.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast.show(t('materials.removed')),
            onError: (err) => toast.show(errorText(err), { severity: 'error' }),
            onSettled: () => setRemoving(null),
          });
        }}
        onClose={() => !remove.isPending && setRemoving(null)}
      />
    </Box>
  );
}
