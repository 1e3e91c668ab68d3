// An event's discussions: posts newest first, a page at a time, each with one level of replies.
// Approved registrants and managers write; a writer edits their own post; a writer or a manager
// removes one (after a confirmation), which then reads "removed". A manager's posts say so.
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, CircularProgress, Divider, Skeleton, Stack, TextField, Typography } from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import type { Discussion, EventItem } from '../api/events-api';
import { formatInstant } from '../hooks/event-format';
import { useDiscussions, useEditDiscussion, usePostDiscussion, useRemoveDiscussion } from '../hooks/use-events';

/** The longest post the server keeps. */
export const BODY_MAX = 2000;

export function DiscussionsSection({ event, heading = true }: { event: EventItem; heading?: boolean }) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const list = useDiscussions(event.id, page);
  const post = usePostDiscussion(event.id);
  const edit = useEditDiscussion(event.id);
  const remove = useRemoveDiscussion(event.id);
  const [removing, setRemoving] = useState<Discussion | null>(null);
  const rows = list.data?.data ?? [];
  const titleId = `event-discussions-${event.id}`;

  return (
    <Box component="section" aria-labelledby={titleId} data-testid="event-discussions">
      <Typography id={titleId} variant="h6" component="h2" sx={heading ? { mb: 1.5 } : visuallyHidden}>
        {t('discussions.title')}
      </Typography>
      <Composer
        id={`discussion-new-${event.id}`}
        label={t('discussions.new_label')}
        submitLabel={t('discussions.post')}
        mutation={post}
        send={(body, done) =>
          post.mutate(
            { body },
            {
              onSuccess: () => {
                setPage(1);
                toast.show(t('discussions.posted'));
                done();
              },
            },
          )
        }
      />
      {list.isLoading ? (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : list.error && !list.data ? (
        <Box sx={{ mt: 2 }}>
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : !rows.length ? (
        <EmptyState icon={<ForumOutlinedIcon />} message={t('discussions.empty')} />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((d) => (
            <Card component="li" key={d.id} variant="outlined" data-testid="discussion" data-discussion-id={d.id}>
              <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
                <Post item={d} eventId={event.id} edit={edit} onRemove={setRemoving} />
                {(d.replies?.length ?? 0) > 0 && (
                  <Stack component="ul" spacing={1.5} divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, ml: { xs: 2, sm: 6 }, pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}>
                    {d.replies!.map((r) => (
                      <Box component="li" key={r.id} data-testid="discussion-reply" data-discussion-id={r.id}>
                        <Post item={r} eventId={event.id} edit={edit} onRemove={setRemoving} />
                      </Box>
                    ))}
                  </Stack>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} size="small" />
      <ConfirmDialog
        open={!!removing}
        title={t('discussions.remove_title')}
        body={t('discussions.remove_body')}
        confirmLabel={t('discussions.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast.show(t('discussions.removed')),
            onError: (err) => toast.show(errorText(err), { severity: 'error' }),
            onSettled: () => setRemoving(null),
          });
        }}
        onClose={() => !remove.isPending && setRemoving(null)}
      />
    </Box>
  );
}

type EditMutation = ReturnType<typeof useEditDiscussion>;

/** One post or reply: who, when, the text (or that it was removed) and what the reader may do. */
function Post({ item: d, eventId, edit, onRemove }: { item: Discussion; eventId: number; edit: EditMutation; onRemove: (d: Discussion) => void }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const toast = useToast();
  const reply = usePostDiscussion(eventId);
  const [mode, setMode] = useState<'read' | 'edit' | 'reply'>('read');
  const name = d.user_name?.trim() || t('discussions.someone');
  const topLevel = d.parent_id == null;
  return (
    <Stack direction="row" spacing={1.5}>
      <Avatar sx={{ width: 36, height: 36, bgcolor: d.by_manager ? 'primary.main' : 'secondary.main', fontSize: 16 }} aria-hidden>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }} data-user-content>
            {name}
          </Typography>
          {d.by_manager && <Chip size="small" color="primary" variant="outlined" label={t('discussions.organiser')} />}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={d.created_at}>
            {formatInstant(d.created_at, lang)}
            {d.edited && !d.removed && ` · ${t('discussions.edited')}`}
          </Typography>
        </Stack>
        {mode === 'edit' ? (
          <Box sx={{ mt: 1 }}>
            <Composer
              id={`discussion-edit-${d.id}`}
              label={t('discussions.edit_label')}
              submitLabel={t('discussions.save')}
              initial={d.body}
              mutation={edit}
              onCancel={() => setMode('read')}
              send={(body, done) =>
                edit.mutate(
                  { id: d.id, body },
                  {
                    onSuccess: () => {
                      toast.show(t('discussions.saved'));
                      done();
                      setMode('read');
                    },
                  },
                )
              }
            />
          </Box>
        ) : d.removed ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.5 }} data-testid="discussion-removed">
            {t('discussions.removed_post')}
          </Typography>
        ) : (
          <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="discussion-body" data-user-content>
            {d.body}
          </Typography>
        )}
        {!d.removed && mode === 'read' && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, ml: -1 }}>
            {topLevel && (
              <Button size="small" onClick={() => setMode('reply')} aria-label={`${t('discussions.reply')}: ${name}`} data-testid="reply-discussion">
                {t('discussions.reply')}
              </Button>
            )}
            {d.can_edit && (
              <Button size="small" onClick={() => setMode('edit')} data-testid="edit-discussion">
                {t('discussions.edit')}
              </Button>
            )}
            {d.can_remove && (
              <Button size="small" color="error" onClick={() => onRemove(d)} data-testid="remove-discussion">
                {t('discussions.remove')}
              </Button>
            )}
          </Stack>
        )}
        {mode === 'reply' && (
          <Box sx={{ mt: 1.5 }}>
            <Composer
              id={`discussion-reply-${d.id}`}
              label={t('discussions.reply_label', { name })}
              submitLabel={t('discussions.send_reply')}
              mutation={reply}
              autoFocus
              onCancel={() => setMode('read')}
              send={(body, done) =>
                reply.mutate(
                  { body, parentId: d.id },
                  {
                    onSuccess: () => {
                      done();
                      setMode('read');
                    },
                  },
                )
              }
            />
          </Box>
        )}
      </Box>
    </Stack>
  );
}

/** A text box and its button: a new post, a reply or an edit. The server's refusal shows under it. */
function Composer(props: {
  id: string;
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  /** The call the box sends: its state and error. */
  mutation: Pick<UseMutationResult<Discussion, Error, never>, 'isPending' | 'error' | 'reset'>;
  send: (body: string, done: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['events', 'errors']);
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const [body, setBody] = useState(props.initial ?? '');
  const [missing, setMissing] = useState(false);
  const { mutation } = props;
  const bodyError = missing ? t('errors:required') : fieldText(mutation.error, 'body');
  const otherError = mutation.error && !fieldErrorsOf(mutation.error).body ? errorText(mutation.error) : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const text = body.trim();
        if (!text) {
          setMissing(true);
          return;
        }
        props.send(text, () => setBody(''));
      }}
      data-testid="discussion-form"
    >
      <TextField
        id={props.id}
        label={props.label}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          setMissing(false);
          if (mutation.error) mutation.reset();
        }}
        multiline
        minRows={2}
        fullWidth
        autoFocus={props.autoFocus}
        disabled={mutation.isPending}
        error={!!bodyError}
        helperText={bodyError}
        slotProps={{ htmlInput: { maxLength: BODY_MAX } }}
      />
      {otherError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {otherError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        {props.onCancel && (
          <Button onClick={props.onCancel} disabled={mutation.isPending}>
            {t('events:discussions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={mutation.isPending} startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="discussion-submit">
          {props.submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
