// The site's bulk messages, newest first, a page at a time: each with its channels, its title (the
// subject, else the body's first line), its state, who wrote it and when, and per channel a bar and
// "sent x of total, delivered y, failed z". The page is asked again every 2 s while a message on it
// is scheduled or being sent (use-bulk.ts), so the bars move. Cancel (for the roles that may edit
// the site's people) stops one that is scheduled or being sent; Failures lists whom it missed. A
// table on wide screens, a card per message on phones.
import { Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableRow, Typography, type ChipProps } from '@mui/material';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsHead } from '../../../components/ui/columns-head';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListCard } from '../../../components/ui/list-card';
import { useToast } from '../../../components/ui/toast-provider';
import { useAllows } from '../../../lib/access';
import { formatDate, formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { BulkMessage, MessageState } from '../api/bulk-api';
import { cancellable, channelLabel, channelsOf, failedCount, messageTitle, progressPercent, progressText } from '../hooks/progress';
import { historyPollInterval, isAlreadyFinished, useCancelMessage, useMessages } from '../hooks/use-bulk';
import { FailuresDialog } from './failures-dialog';

const STATE_COLOURS: Record<MessageState, ChipProps['color']> = { scheduled: 'info', sending: 'warning', sent: 'success', cancelled: 'default' };

export function StateChip({ state }: { state: MessageState }) {
  const { t } = useTranslation('bulk');
  return (
    <Chip
      size="small"
      variant={state === 'sent' ? 'filled' : 'outlined'}
      color={STATE_COLOURS[state] ?? 'default'}
      label={t(`states.${state}`, { defaultValue: state })}
      data-testid="bulk-state"
      data-state={state}
    />
  );
}

export function ChannelChips({ message }: { message: BulkMessage }) {
  const { t } = useTranslation('bulk');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="bulk-channels-chips">
      {channelsOf(message).map((c) => (
        <Chip key={c} size="small" label={channelLabel(c, t)} data-channel={c} />
      ))}
    </Stack>
  );
}

/** Its title, and who wrote it when, when it goes (scheduled) or went (finished). */
function MessageCell({ message }: { message: BulkMessage }) {
  const { t, i18n } = useTranslation('bulk');
  const lang = i18n.language;
  const title = messageTitle(message);
  const meta = [
    message.created_by?.name ? t('history.created', { time: formatDate(message.created_at, lang), name: message.created_by.name }) : t('history.created_at', { time: formatDate(message.created_at, lang) }),
    message.state === 'scheduled' && message.send_at ? t('history.scheduled_for', { time: formatDate(message.send_at, lang) }) : null,
    message.finished_at ? t('history.finished', { time: formatDate(message.finished_at, lang) }) : null,
    message.audience?.everyone ? t('history.everyone') : null,
  ].filter(Boolean);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content data-testid="bulk-message-title">
        {title || t('history.no_subject')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {meta.join(' · ')}
      </Typography>
    </Box>
  );
}

/** Per channel: a bar of those handed on, and its words. */
export function ProgressBlock({ message }: { message: BulkMessage }) {
  const { t, i18n } = useTranslation('bulk');
  const lang = i18n.language;
  return (
    <Stack spacing={1} sx={{ minWidth: { md: 220 } }} data-testid="bulk-progress">
      {channelsOf(message).map((c) => {
        const p = message.progress?.[c];
        const words = progressText(c, p, t, lang);
        const percent = progressPercent(p);
        return (
          <Box key={c} data-channel={c}>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={p?.failed ? 'warning' : 'primary'}
              aria-label={t('progress.label', { channel: channelLabel(c, t) })}
              aria-valuetext={words}
              sx={{ height: 6, borderRadius: 3 }}
              data-percent={percent}
            />
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }} data-testid="bulk-progress-text">
              {words}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

function Actions({ message, mayCancel, onCancel, onFailures }: { message: BulkMessage; mayCancel: boolean; onCancel: () => void; onFailures: () => void }) {
  const { t, i18n } = useTranslation('bulk');
  const failed = failedCount(message);
  const subject = messageTitle(message, 40) || t('history.no_subject');
  if (!(mayCancel && cancellable(message)) && failed === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
      {mayCancel && cancellable(message) && (
        <Button size="small" color="error" variant="outlined" startIcon={<StopCircleOutlinedIcon />} onClick={onCancel} aria-label={t('history.cancel_label', { subject })} data-testid="bulk-cancel">
          {t('history.cancel')}
        </Button>
      )}
      {failed > 0 && (
        <Button size="small" startIcon={<ErrorOutlineOutlinedIcon />} onClick={onFailures} aria-label={t('history.failures_label', { subject })} data-testid="bulk-failures">
          {t('history.failures', { n: formatNumber(failed, i18n.language) })}
        </Button>
      )}
    </Stack>
  );
}

interface Column {
  key: string;
  label: string;
  render: (m: BulkMessage) => ReactNode;
}

export function History({ ref, page, onPage }: { ref?: Ref<HTMLElement>; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('bulk');
  const toast = useToast();
  const errorText = useErrorText();
  const query = useMessages(page);
  // Cancelling is the users module's `update` in the contract: the maps' `edit` action.
  const mayCancel = useAllows('users', 'edit') === true;
  const cancel = useCancelMessage();
  const [stopping, setStopping] = useState<BulkMessage | null>(null);
  const [failures, setFailures] = useState<BulkMessage | null>(null);
  const messages = query.data?.data ?? [];
  const live = historyPollInterval(query.data) !== false;

  const confirmCancel = () => {
    if (!stopping) return;
    cancel.mutate(stopping, {
      onSuccess: () => toast.show(t('history.cancelled')),
      onError: (err) => toast.show(isAlreadyFinished(err) ? t('errors:already_finished') : errorText(err), { severity: isAlreadyFinished(err) ? 'info' : 'error', duration: 6000 }),
      onSettled: () => setStopping(null),
    });
  };

  const columns: Column[] = [
    { key: 'message', label: t('history.columns.message'), render: (m) => <MessageCell message={m} /> },
    { key: 'channels', label: t('history.columns.channels'), render: (m) => <ChannelChips message={m} /> },
    { key: 'state', label: t('history.columns.state'), render: (m) => <StateChip state={m.state} /> },
    { key: 'progress', label: t('history.columns.progress'), render: (m) => <ProgressBlock message={m} /> },
    {
      key: 'actions',
      label: t('history.columns.actions'),
      render: (m) => <Actions message={m} mayCancel={mayCancel} onCancel={() => setStopping(m)} onFailures={() => setFailures(m)} />,
    },
  ];
  const dim = { opacity: query.isPlaceholderData ? 0.6 : 1 };
  return (
    <Box component="section" ref={ref} aria-labelledby="bulk-history-title" sx={{ minWidth: 0, scrollMarginTop: 80 }} data-testid="bulk-history">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id="bulk-history-title" variant="h6" component="h2">
          {t('history.title')}
        </Typography>
        {live && (
          <Typography variant="caption" color="text.secondary" data-testid="bulk-live">
            {t('history.live')}
          </Typography>
        )}
      </Box>
      <ListCard
        list={query}
        page={page}
        onPage={onPage}
        rowHeight={72}
        keepPageOnError
        emptyIcon={<ForwardToInboxOutlinedIcon />}
        emptyMessage={t('history.empty')}
        table={
          <TableContainer sx={dim}>
            <Table size="small" data-testid="bulk-table">
              <ColumnsHead columns={columns} />
              <TableBody>
                {messages.map((m) => (
                  <TableRow key={m.id} hover data-testid="bulk-row" data-message-id={m.id} sx={{ verticalAlign: 'top' }}>
                    {columns.map((c) => (
                      <TableCell key={c.key} sx={{ overflowWrap: 'anywhere' }}>
                        {c.render(m)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        }
        cards={
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, ...dim }} data-testid="bulk-cards">
            {messages.map((m) => (
              <Box component="li" key={m.id} data-testid="bulk-row" data-message-id={m.id} sx={{ p: 2, minWidth: 0, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
                <Stack spacing={1.25}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
                    <MessageCell message={m} />
                    <StateChip state={m.state} />
                  </Box>
                  <ChannelChips message={m} />
                  <ProgressBlock message={m} />
                  <Actions message={m} mayCancel={mayCancel} onCancel={() => setStopping(m)} onFailures={() => setFailures(m)} />
                </Stack>
              </Box>
            ))}
          </Box>
        }
      />
      <ConfirmDialog
        open={!!stopping}
        title={t('cancel_confirm.title')}
        body={t('cancel_confirm.body')}
        confirmLabel={t('cancel_confirm.confirm')}
        closeLabel={t('cancel_confirm.keep')}
        danger
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => !cancel.isPending && setStopping(null)}
      />
      {failures && <FailuresDialog message={failures} onClose={() => setFailures(null)} />}
    </Box>
  );
}
