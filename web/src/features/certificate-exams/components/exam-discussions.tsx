// A certificate exam's discussions, for its candidates (the journey's Discussion view, its own
// chunk) and its teachers (the editor's Discussions tab): a form to write a post, the posts newest
// first with their replies, a reply form under a post, removal after a confirmation, a page of ten
// posts at a time. What people wrote is plain text, shown as text with its line breaks.
import { Alert, Avatar, Box, Button, Chip, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import SendIcon from '@mui/icons-material/Send';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { formatDate, formatNumber, timeAgo } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import type { DiscussionPost, DiscussionThread } from '../api/discussions-api';
import { discussionsQuery, isSendKey, MAX_POST_LENGTH, postDiscussionMutation, postLength, postProblem, removeDiscussionMutation } from '../hooks/discussions';

export interface ExamDiscussionsProps {
  /** The certificate exam (its course id). */
  courseId: number;
  /** The section's heading: h1 where it is the page's main content (the journey), else h2. */
  heading?: 'h1' | 'h2';
}

export default function ExamDiscussions({ courseId, heading = 'h2' }: ExamDiscussionsProps) {
  const { t } = useTranslation(['exams', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const titleId = useId();
  const top = useRef<HTMLElement>(null);
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [removing, setRemoving] = useState<DiscussionPost | null>(null);
  const query = useQuery(discussionsQuery(courseId, page));
  const remove = useMutation(removeDiscussionMutation(qc, courseId));
  const data = query.data;
  const outsider = query.error instanceof ApiError && query.error.status === 403;

  const goTo = (p: number) => {
    setPage(p);
    setReplyTo(null);
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing, {
      onSuccess: () => toast.show(t('exams:discussions.removed_done')),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setRemoving(null),
    });

  return (
    <Box component="section" ref={top} aria-labelledby={titleId} data-testid="exam-discussions" sx={{ scrollMarginTop: 72 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 0.5 }} useFlexGap>
        <Typography variant={heading === 'h1' ? 'h5' : 'h6'} component={heading} id={titleId} sx={{ fontWeight: 700 }}>
          {t('exams:discussions.title')}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary" data-testid="discussions-total">
            {t('exams:discussions.total', { count: data.total })}
          </Typography>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('exams:discussions.intro')}
      </Typography>

      {data && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
          <Composer courseId={courseId} onSent={() => goTo(1)} />
        </Paper>
      )}

      {query.isLoading ? (
        <Stack spacing={1.5} aria-busy data-testid="discussions-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : outsider ? (
        <EmptyState icon={<QuestionAnswerOutlinedIcon />} message={t('exams:discussions.not_participant')} />
      ) : query.isError || !data ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : data.data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState icon={<QuestionAnswerOutlinedIcon />} message={t('exams:discussions.empty')} />
        </Paper>
      ) : (
        <>
          <Stack component="ol" spacing={1.5} aria-label={t('exams:discussions.list_label')} sx={{ listStyle: 'none', p: 0, m: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} data-testid="discussion-threads">
            {data.data.map((thread) => (
              <ThreadItem
                key={thread.id}
                courseId={courseId}
                thread={thread}
                replying={replyTo === thread.id}
                onReply={() => setReplyTo(thread.id)}
                onReplyClose={() => setReplyTo(null)}
                onRemove={setRemoving}
              />
            ))}
          </Stack>
          <Pager page={data.current_page} lastPage={data.last_page} onChange={goTo} size="small" />
        </>
      )}
      <RemovePostDialog post={removing} busy={remove.isPending} onConfirm={confirmRemove} onClose={() => !remove.isPending && setRemoving(null)} />
    </Box>
  );
}

export interface ThreadItemProps {
  courseId: number;
  thread: DiscussionThread;
  /** Its reply form is open. */
  replying: boolean;
  onReply: () => void;
  onReplyClose: () => void;
  onRemove: (post: DiscussionPost) => void;
}

/** A post, its replies, and the reply form while it is open. */
export function ThreadItem({ courseId, thread, replying, onReply, onReplyClose, onRemove }: ThreadItemProps) {
  const { t } = useTranslation('exams');
  const replyButton = useRef<HTMLButtonElement>(null);
  const formId = `reply-form-${thread.id}`;
  // A removed post takes no more replies (the server refuses them).
  const canReply = !thread.removed;
  // Once the form goes (sent, or cancelled), the keyboard is back on its Reply button.
  const closeReply = () => {
    onReplyClose();
    replyButton.current?.focus();
  };
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="discussion-thread" data-post-id={thread.id}>
      <PostView
        post={thread}
        onRemove={onRemove}
        reply={
          canReply && (
            <Button ref={replyButton} size="small" onClick={replying ? onReplyClose : onReply} aria-expanded={replying} aria-controls={replying ? formId : undefined} aria-label={t('discussions.reply_to', { name: thread.user_name })} data-testid="reply-button">
              {t('discussions.reply')}
            </Button>
          )
        }
      />
      {(thread.replies.length > 0 || (replying && canReply)) && (
        <Box sx={{ mt: 1.5, ml: { xs: 1.5, sm: 5 }, pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}>
          {thread.replies.length > 0 && (
            <Stack component="ul" spacing={1.5} aria-label={t('discussions.replies_to', { name: thread.user_name })} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {thread.replies.map((r) => (
                <Box component="li" key={r.id} data-testid="discussion-reply" data-post-id={r.id}>
                  <PostView post={r} onRemove={onRemove} />
                </Box>
              ))}
            </Stack>
          )}
          {replying && canReply && (
            <Box id={formId} sx={{ mt: thread.replies.length ? 1.5 : 0 }}>
              <Composer courseId={courseId} parent={thread} onSent={closeReply} onCancel={closeReply} />
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

function PostView({ post, reply, onRemove }: { post: DiscussionPost; reply?: ReactNode; onRemove: (post: DiscussionPost) => void }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  return (
    <Stack component="article" direction="row" spacing={1.5} sx={{ minWidth: 0 }} data-testid="discussion-post" data-removed={post.removed}>
      <Avatar sx={{ width: 32, height: 32, fontSize: 15, bgcolor: post.by_teacher ? 'primary.main' : 'action.disabled' }} aria-hidden>
        {post.user_name.trim().slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
            {post.user_name}
          </Typography>
          {post.by_teacher && <Chip size="small" color="primary" variant="outlined" label={t('common:roles.teacher')} data-testid="teacher-chip" />}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={post.created_at} title={formatDate(post.created_at, lang)}>
            {timeAgo(post.created_at, lang)}
          </Typography>
        </Stack>
        {post.removed ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.5 }} data-testid="post-removed">
            {t('exams:discussions.removed')}
          </Typography>
        ) : (
          // Text, never markup: React escapes it; pre-wrap keeps the writer's line breaks.
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} data-testid="post-body" data-user-content>
            {post.body}
          </Typography>
        )}
        {(reply || post.can_remove) && (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, ml: -1 }}>
            {reply}
            {post.can_remove && (
              <Button size="small" color="error" onClick={() => onRemove(post)} aria-label={t('exams:discussions.remove_named', { name: post.user_name })} data-testid="remove-post">
                {t('exams:discussions.remove')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/** The confirmation before a post is removed (closed while `post` is null). */
export function RemovePostDialog({ post, busy, onConfirm, onClose }: { post: DiscussionPost | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('exams');
  return (
    <ConfirmDialog
      open={!!post}
      title={t('discussions.remove_title')}
      body={t('discussions.remove_body')}
      confirmLabel={t('discussions.remove')}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/**
 * What a post's form shows of what is wrong: on the text, the client's check (`problem`) or the
 * server's refusal of the text (or of the post answered, gone meanwhile); any other refusal
 * (not allowed, the network) under it.
 */
export function usePostErrors(err: unknown, problem: 'required' | 'too_long' | null) {
  const { t, i18n } = useTranslation('exams');
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const fieldError = problem
    ? t(`discussions.${problem}`, { max: formatNumber(MAX_POST_LENGTH, i18n.language) })
    : (fieldText(err, 'body') ?? (fieldErrorsOf(err).parent_id ? t('discussions.reply_closed') : null));
  return { fieldError, formError: err && !fieldError ? errorText(err) : null };
}

/** The form of a new post, or of a reply to `parent`: its text, what Send checks, the server's refusal. */
function Composer({ courseId, parent, onSent, onCancel }: { courseId: number; parent?: DiscussionPost; onSent: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('exams');
  const qc = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<'required' | 'too_long' | null>(null);
  const send = useMutation(postDiscussionMutation(qc, courseId));
  const { fieldError, formError } = usePostErrors(send.error, problem);

  const submit = () => {
    if (send.isPending) return;
    const found = postProblem(text);
    setProblem(found);
    if (found) return;
    send.mutate(
      { body: text.trim(), ...(parent && { parent_id: parent.id }) },
      {
        onSuccess: () => {
          setText('');
          toast.show(t('discussions.sent'));
          onSent();
        },
      },
    );
  };
  return (
    <PostForm
      id={parent ? `reply-${parent.id}` : `new-post-${courseId}`}
      label={parent ? t('discussions.reply_label', { name: parent.user_name }) : t('discussions.new_label')}
      value={text}
      onChange={(v) => {
        setText(v);
        setProblem(null);
        if (send.error) send.reset();
      }}
      onSubmit={submit}
      onCancel={onCancel}
      busy={send.isPending}
      error={fieldError}
      formError={formError}
      autoFocus={!!parent}
    />
  );
}

export interface PostFormProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** A reply's form: Cancel (and Escape) closes it. */
  onCancel?: () => void;
  busy: boolean;
  /** The text's problem (the client's check, or the server's refusal of it). */
  error: string | null;
  /** A refusal that is not about the text (not allowed, the network). */
  formError?: string | null;
  autoFocus?: boolean;
}

/** A multiline text with a character counter; Send (or Ctrl/Cmd+Enter) sends. */
export function PostForm({ id, label, value, onChange, onSubmit, onCancel, busy, error, formError, autoFocus }: PostFormProps) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const length = postLength(value);
  const over = length > MAX_POST_LENGTH;
  const send = (e: FormEvent | KeyboardEvent) => {
    e.preventDefault();
    onSubmit();
  };
  // Enter is a new line; Ctrl/Cmd+Enter sends (as Send does); Escape closes a reply's form.
  const onKeyDown = (e: KeyboardEvent) => {
    if (isSendKey(e)) send(e);
    else if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };
  return (
    <Box component="form" noValidate onSubmit={send} data-testid="post-form">
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={onCancel ? 2 : 3}
        maxRows={12}
        fullWidth
        autoFocus={autoFocus}
        error={!!error || over}
        helperText={
          <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
            <span>{error ?? t('exams:discussions.send_hint')}</span>
            <Box component="span" sx={{ flexShrink: 0, color: over ? 'error.main' : undefined }} data-testid="post-counter">
              {t('exams:discussions.counter', { n: formatNumber(length, lang), max: formatNumber(MAX_POST_LENGTH, lang) })}
            </Box>
          </Box>
        }
      />
      {formError && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="post-form-error">
          {formError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={busy} data-testid="post-send">
          {busy ? t('exams:discussions.sending') : t('exams:discussions.send')}
        </Button>
      </Stack>
    </Box>
  );
}
