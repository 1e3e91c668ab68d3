// A class's timeline: a box to write a post (plain text, up to 2,000 characters, with a counter),
// the pinned posts first in their own section, then the posts newest first, 10 at a time ("Load
// more" adds the next 10; the first load replaces the list). Each post has its comments, oldest
// first, and a box to comment. Writers edit their own posts and comments; writers, teachers and
// admins remove them (after a confirmation); teachers and admins pin and unpin posts. Posts are
// plain text, shown as text. While the tab is open the timeline is live (hooks/use-timeline-stream.ts):
// new posts and comments appear by themselves, a small "Live" mark says so, and screen readers
// hear "New post from …".
import { Avatar, Box, Button, Card, CardContent, Chip, CircularProgress, Divider, Skeleton, Stack, Typography } from '@mui/material';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import type { StreamState } from '../../../lib/event-stream';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { Classroom, Comment, Post } from '../api/classrooms-api';
import { formatInstant, managesClass, newestTimelineId, type TimelineData } from '../hooks/classroom-format';
import {
  classroomKeys,
  commentMutation,
  createPostMutation,
  deleteCommentMutation,
  deletePostMutation,
  editCommentMutation,
  editPostMutation,
  pinPostMutation,
  usePinnedPosts,
  useTimeline,
} from '../hooks/use-classrooms';
import { useTimelineStream, type Arrival } from '../hooks/use-timeline-stream';
import { TextComposer } from './text-composer';

type Removing = { kind: 'post' | 'comment'; id: number } | null;

export function TimelineTab({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const timeline = useTimeline(classroom.id);
  const pinned = usePinnedPosts(classroom.id);
  const post = useMutation(createPostMutation(qc, classroom.id));
  const removePost = useMutation(deletePostMutation(qc, classroom.id));
  const removeComment = useMutation(deleteCommentMutation(qc, classroom.id));
  const [removing, setRemoving] = useState<Removing>(null);
  const manage = managesClass(classroom.my_role);

  const pinnedPosts = pinned.data ?? [];
  const pinnedIds = new Set(pinnedPosts.map((p) => p.id));
  // The pinned posts show in their own section, above: not again among the others.
  const posts = (timeline.data?.posts ?? []).filter((p) => !pinnedIds.has(p.id));
  const removal = removing?.kind === 'comment' ? removeComment : removePost;
  // Live once the first page is there: the stream sends what came after its newest id.
  const live = useTimelineStream(classroom.id, !!timeline.data, () => {
    const data = qc.getQueryData<TimelineData>(classroomKeys.timeline(classroom.id));
    return newestTimelineId(data?.pages ?? [], pinnedPosts);
  });

  return (
    <Box data-testid="timeline-tab" data-live={live.state}>
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <TextComposer
            id={`timeline-new-${classroom.id}`}
            label={t('classrooms:timeline.new_label')}
            placeholder={t('classrooms:timeline.new_placeholder')}
            submitLabel={t('classrooms:timeline.post')}
            mutation={post}
            minRows={3}
            testId="post-composer"
            send={(body, done) => post.mutate(body, { onSuccess: () => { toast.show(t('classrooms:timeline.posted')); done(); } })}
          />
        </CardContent>
      </Card>

      {pinnedPosts.length > 0 && (
        <Box component="section" aria-labelledby="timeline-pinned" sx={{ mb: 3 }} data-testid="pinned-posts">
          <Typography id="timeline-pinned" variant="h6" component="h2" sx={{ mb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
            <PushPinIcon color="primary" fontSize="small" aria-hidden />
            {t('classrooms:timeline.pinned')}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {pinnedPosts.map((p) => (
              <PostCard key={p.id} post={p} classroomId={classroom.id} manage={manage} onRemove={setRemoving} />
            ))}
          </Stack>
        </Box>
      )}

      <Box component="section" aria-labelledby="timeline-posts" data-testid="timeline-posts">
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="timeline-posts" variant="h6" component="h2">
            {t('classrooms:timeline.posts')}
          </Typography>
          <LiveMark state={live.state} />
        </Stack>
        <LiveAnnouncer arrival={live.arrival} />
        {timeline.isLoading ? (
          <Stack spacing={1.5}>
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={96} />
          </Stack>
        ) : timeline.error && !timeline.data ? (
          <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
        ) : !posts.length && !timeline.hasNextPage ? (
          <Card variant="outlined">
            <EmptyState icon={<ForumOutlinedIcon />} message={pinnedPosts.length ? t('classrooms:timeline.empty_unpinned') : t('classrooms:timeline.empty')} />
          </Card>
        ) : (
          <>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="post-list">
              {posts.map((p) => (
                <PostCard key={p.id} post={p} classroomId={classroom.id} manage={manage} onRemove={setRemoving} />
              ))}
            </Stack>
            {timeline.error && <ErrorState error={timeline.error} onRetry={() => void timeline.fetchNextPage()} />}
            {timeline.hasNextPage && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                <Button
                  variant="outlined"
                  onClick={() => void timeline.fetchNextPage()}
                  disabled={timeline.isFetchingNextPage}
                  startIcon={timeline.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
                  data-testid="load-more-posts"
                >
                  {timeline.isFetchingNextPage ? t('classrooms:timeline.loading_more') : t('classrooms:timeline.load_more')}
                </Button>
              </Box>
            )}
          </>
        )}
      </Box>

      <ConfirmDialog
        open={!!removing}
        title={removing?.kind === 'comment' ? t('classrooms:timeline.remove_comment_title') : t('classrooms:timeline.remove_post_title')}
        body={removing?.kind === 'comment' ? t('classrooms:timeline.remove_comment_body') : t('classrooms:timeline.remove_post_body')}
        confirmLabel={t('classrooms:timeline.remove')}
        danger
        busy={removal.isPending}
        onConfirm={() => {
          if (!removing) return;
          removal.mutate(removing.id, {
            onSuccess: () => toast.show(removing.kind === 'comment' ? t('classrooms:timeline.comment_removed') : t('classrooms:timeline.post_removed')),
            onError: (err) => toast.show(errorText(err), { severity: 'error' }),
            onSettled: () => setRemoving(null),
          });
        }}
        onClose={() => !removal.isPending && setRemoving(null)}
      />
    </Box>
  );
}

/** A small mark beside "Posts": live while the stream is open, reconnecting while it waits; nothing otherwise. */
export function LiveMark({ state }: { state: StreamState }) {
  const { t } = useTranslation('classrooms');
  if (state !== 'open' && state !== 'retrying') return null;
  const open = state === 'open';
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }} data-testid="timeline-live" data-state={state}>
      <FiberManualRecordIcon sx={{ fontSize: 10, color: open ? 'success.main' : 'warning.main' }} aria-hidden />
      <Typography variant="caption">{open ? t('timeline.live') : t('timeline.reconnecting')}</Typography>
    </Stack>
  );
}

/** Says what arrived to screen readers, politely: "New post from …". */
export function LiveAnnouncer({ arrival }: { arrival: Arrival | null }) {
  const { t } = useTranslation('classrooms');
  const name = arrival?.name || t('timeline.someone');
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-testid="timeline-announcer">
      {arrival && (arrival.kind === 'post' ? t('timeline.new_post_from', { name }) : t('timeline.new_comment_from', { name }))}
    </Box>
  );
}

/** The writer, whether they teach, when, and "edited". */
export function Byline({ item }: { item: Pick<Comment, 'user_name' | 'by_teacher' | 'created_at' | 'edited' | 'removed'> }) {
  const { t, i18n } = useTranslation('classrooms');
  const name = item.user_name?.trim() || t('timeline.someone');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 700 }} data-user-content>
        {name}
      </Typography>
      {item.by_teacher && <Chip size="small" color="primary" variant="outlined" label={t('timeline.teacher')} />}
      <Typography variant="caption" color="text.secondary" component="time" dateTime={item.created_at}>
        {formatInstant(item.created_at, i18n.language)}
        {item.edited && !item.removed && ` · ${t('timeline.edited')}`}
      </Typography>
    </Stack>
  );
}

export function Initial({ name, teacher, size }: { name: string; teacher: boolean; size: number }) {
  return (
    <Avatar sx={{ width: size, height: size, bgcolor: teacher ? 'primary.main' : 'secondary.main', fontSize: size / 2.2 }} aria-hidden>
      {(name.trim() || '?').slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** One post: its text (or that it was removed), what the reader may do, its comments and a box to comment. */
export function PostCard({ post: p, classroomId, manage, onRemove }: { post: Post; classroomId: number; manage: boolean; onRemove: (r: Removing) => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const edit = useMutation(editPostMutation(qc, classroomId));
  const pin = useMutation(pinPostMutation(qc, classroomId));
  const comment = useMutation(commentMutation(qc, classroomId));
  const [editing, setEditing] = useState(false);
  const name = p.user_name?.trim() || t('classrooms:timeline.someone');

  return (
    <Card component="li" variant="outlined" data-testid="timeline-post" data-post-id={p.id} data-pinned={p.pinned ? 'true' : 'false'}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack direction="row" spacing={1.5}>
          <Initial name={name} teacher={p.by_teacher} size={36} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Byline item={p} />
            {editing ? (
              <Box sx={{ mt: 1 }}>
                <TextComposer
                  id={`post-edit-${p.id}`}
                  label={t('classrooms:timeline.edit_label')}
                  submitLabel={t('classrooms:timeline.save')}
                  initial={p.body}
                  mutation={edit}
                  autoFocus
                  onCancel={() => setEditing(false)}
                  send={(body, done) =>
                    edit.mutate(
                      { id: p.id, body },
                      {
                        onSuccess: () => {
                          toast.show(t('classrooms:timeline.saved'));
                          done();
                          setEditing(false);
                        },
                      },
                    )
                  }
                />
              </Box>
            ) : p.removed ? (
              <Typography color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.5 }} data-testid="post-removed">
                {t('classrooms:timeline.removed_post')}
              </Typography>
            ) : (
              <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="post-body" data-user-content>
                {p.body}
              </Typography>
            )}
            {!p.removed && !editing && (p.can_edit || p.can_remove || manage) && (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, ml: -1, flexWrap: 'wrap' }}>
                {manage && (
                  <Button
                    size="small"
                    startIcon={p.pinned ? <PushPinIcon /> : <PushPinOutlinedIcon />}
                    disabled={pin.isPending}
                    aria-pressed={p.pinned}
                    onClick={() =>
                      pin.mutate(
                        { id: p.id, pinned: !p.pinned },
                        {
                          onSuccess: (saved) => toast.show(saved.pinned ? t('classrooms:timeline.pinned_done') : t('classrooms:timeline.unpinned_done')),
                          onError: (err) => toast.show(errorText(err), { severity: 'error' }),
                        },
                      )
                    }
                    data-testid={p.pinned ? 'unpin-post' : 'pin-post'}
                  >
                    {p.pinned ? t('classrooms:timeline.unpin') : t('classrooms:timeline.pin')}
                  </Button>
                )}
                {p.can_edit && (
                  <Button size="small" onClick={() => setEditing(true)} data-testid="edit-post">
                    {t('classrooms:timeline.edit')}
                  </Button>
                )}
                {p.can_remove && (
                  <Button size="small" color="error" onClick={() => onRemove({ kind: 'post', id: p.id })} data-testid="remove-post">
                    {t('classrooms:timeline.remove')}
                  </Button>
                )}
              </Stack>
            )}
          </Box>
        </Stack>

        {(p.comments.length > 0 || !p.removed) && <Divider sx={{ my: 1.5 }} />}
        {p.comments.length > 0 && (
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={t('classrooms:timeline.comments_label', { count: p.comments.length, n: formatNumber(p.comments.length, i18n.language) })}
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, pl: { xs: 1, sm: 6 } }}
            data-testid="post-comments"
          >
            {p.comments.map((c) => (
              <CommentItem key={c.id} comment={c} classroomId={classroomId} onRemove={onRemove} />
            ))}
          </Stack>
        )}
        {!p.removed && (
          <Box sx={{ pl: { xs: 0, sm: 6 } }}>
            <TextComposer
              id={`comment-new-${p.id}`}
              label={t('classrooms:timeline.comment_label')}
              submitLabel={t('classrooms:timeline.send_comment')}
              mutation={comment}
              compact
              testId="comment-composer"
              send={(body, done) => comment.mutate({ postId: p.id, body }, { onSuccess: done })}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function CommentItem({ comment: c, classroomId, onRemove }: { comment: Comment; classroomId: number; onRemove: (r: Removing) => void }) {
  const { t } = useTranslation('classrooms');
  const qc = useQueryClient();
  const edit = useMutation(editCommentMutation(qc, classroomId));
  const [editing, setEditing] = useState(false);
  const name = c.user_name?.trim() || t('timeline.someone');
  return (
    <Stack component="li" direction="row" spacing={1.25} data-testid="timeline-comment" data-comment-id={c.id}>
      <Initial name={name} teacher={c.by_teacher} size={28} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Byline item={c} />
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <TextComposer
              id={`comment-edit-${c.id}`}
              label={t('timeline.edit_comment_label')}
              submitLabel={t('timeline.save')}
              initial={c.body}
              mutation={edit}
              autoFocus
              compact
              onCancel={() => setEditing(false)}
              send={(body, done) =>
                edit.mutate(
                  { id: c.id, body },
                  {
                    onSuccess: () => {
                      done();
                      setEditing(false);
                    },
                  },
                )
              }
            />
          </Box>
        ) : c.removed ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('timeline.removed_comment')}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="comment-body" data-user-content>
            {c.body}
          </Typography>
        )}
        {!c.removed && !editing && (c.can_edit || c.can_remove) && (
          <Stack direction="row" spacing={0.5} sx={{ ml: -1 }}>
            {c.can_edit && (
              <Button size="small" onClick={() => setEditing(true)} data-testid="edit-comment">
                {t('timeline.edit')}
              </Button>
            )}
            {c.can_remove && (
              <Button size="small" color="error" onClick={() => onRemove({ kind: 'comment', id: c.id })} data-testid="remove-comment">
                {t('timeline.remove')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
