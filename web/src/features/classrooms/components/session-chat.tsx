// The chat beside a session (its card's "Chat", on a live or completed session; full-screen on
// phones): a box to write at the top, then the messages newest first, each with its replies, 20
// at a time ("Earlier messages" adds more). It is kept for those who missed the session, and read
// again every 10 s while the session is live.
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Skeleton, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import type { ChatMessage, ClassSession } from '../api/classrooms-api';
import { sessionTitle } from '../hooks/classroom-format';
import { sendChatMutation, useChat } from '../hooks/use-classrooms';
import { TextComposer } from './text-composer';
import { Byline, Initial } from './timeline-tab';

const TITLE_ID = 'session-chat-title';

export function SessionChatDialog({ session, onClose }: { session: ClassSession; onClose: () => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const title = sessionTitle(session, i18n.language) || t('classrooms:schedule.untitled');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="chat-dialog">
      <DialogTitle id={TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
        {t('classrooms:chat.title', { title })}
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <SessionChat session={session} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} data-testid="close-chat">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The chat of one session: the box to write, and the messages. */
export function SessionChat({ session }: { session: ClassSession }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const chat = useChat(session.id, session.state === 'live');
  const send = useMutation(sendChatMutation(qc, session.id));
  const messages = chat.data?.messages ?? [];
  return (
    <Box data-testid="session-chat" data-session-id={session.id}>
      <TextComposer
        id={`chat-new-${session.id}`}
        label={t('classrooms:chat.new_label')}
        submitLabel={t('classrooms:chat.send')}
        mutation={send}
        compact
        autoFocus
        testId="chat-composer"
        send={(body, done) => send.mutate(body, { onSuccess: done })}
      />
      <Divider sx={{ my: 2 }} />
      {chat.isLoading ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('classrooms:chat.loading')}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : chat.error && !chat.data ? (
        <ErrorState error={chat.error} onRetry={() => void chat.refetch()} />
      ) : !messages.length ? (
        <EmptyState icon={<ChatBubbleOutlineIcon />} message={session.state === 'live' ? t('classrooms:chat.empty_live') : t('classrooms:chat.empty')} />
      ) : (
        <>
          <Stack component="ul" spacing={2} aria-label={t('classrooms:chat.messages')} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="chat-messages">
            {messages.map((m) => (
              <ChatItem key={m.id} message={m} />
            ))}
          </Stack>
          {chat.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button
                variant="outlined"
                size="small"
                onClick={() => void chat.fetchNextPage()}
                disabled={chat.isFetchingNextPage}
                startIcon={chat.isFetchingNextPage ? <CircularProgress size={14} color="inherit" /> : undefined}
                data-testid="chat-more"
              >
                {t('classrooms:chat.earlier')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

/** A message (or a reply): its writer, when, and its text (or that it was removed); its replies under it. */
function ChatItem({ message: m, reply = false }: { message: ChatMessage; reply?: boolean }) {
  const { t } = useTranslation('classrooms');
  const name = m.user_name?.trim() || t('timeline.someone');
  const replies = m.replies ?? [];
  return (
    <Stack component="li" direction="row" spacing={1.25} data-testid={reply ? 'chat-reply' : 'chat-message'} data-message-id={m.id}>
      <Initial name={name} teacher={m.by_teacher} size={reply ? 26 : 32} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Byline item={m} />
        {m.removed ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('chat.removed')}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-user-content>
            {m.body}
          </Typography>
        )}
        {replies.length > 0 && (
          <Stack component="ul" spacing={1.25} aria-label={t('chat.replies')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.25 }}>
            {replies.map((r) => (
              <ChatItem key={r.id} message={r} reply />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
