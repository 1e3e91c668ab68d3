// One part of an item as its page shows it: a file played by its type (a video in the player, or
// YouTube's / Vimeo's; audio; a picture; a document opened in a new tab), a text as posts show
// theirs, or a quiz taken at /exam/journey/<uuid> (with the way back here) and handed in here.
// An enrolled learner marks a part done (a quiz by submitting it); a locked part says why.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneIcon from '@mui/icons-material/Done';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { examJourneyHref } from '../../exams/hooks/return-path';
import { VideoPlayer } from '../../learn/components/video-player';
import { PostBody } from '../../publishing/components/public-post-parts';
import type { Part, PartFile } from '../api/contents-api';
import type { PartState } from '../hooks/content-journey';

export interface PartViewProps {
  part: Part;
  /** Its place in the item, from 0. */
  index: number;
  state: PartState;
  /** Marking it done (or submitting the quiz) is under way. */
  busy: boolean;
  /** The last refusal of marking it done, worded. */
  error: string | null;
  /** Marks it done: `quiz` hands the quiz in. */
  onFinish: (quiz: boolean) => void;
  /** Opens the next part; absent after the last. */
  onNext?: () => void;
}

export function PartView({ part, index, state, busy, error, onFinish, onNext }: PartViewProps) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const title = localTitle(part, lang) || t('contents:parts.part_n', { n: formatNumber(index + 1, lang) });
  const learner = state === 'open' || state === 'done';
  return (
    <Card variant="outlined" component="section" aria-labelledby="part-view-title" data-testid="part-view" data-part-id={part.id} data-state={state}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="overline" color="text.secondary" component="p">
            {t('contents:parts.part_n', { n: formatNumber(index + 1, lang) })}
          </Typography>
          <Typography id="part-view-title" variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
            {title}
          </Typography>
        </Box>
        {state === 'locked' ? (
          <Alert severity="info" icon={<LockOutlinedIcon />} data-testid="part-locked">
            {t('contents:page.locked_body')}
          </Alert>
        ) : (
          <PartBody part={part} title={title} />
        )}
        {error && (
          <Alert severity="error" data-testid="part-error">
            {error}
          </Alert>
        )}
        {learner && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
            {state === 'done' ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'success.main', mr: 'auto' }} data-testid="part-done">
                <CheckCircleIcon aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>{t('contents:page.part_done')}</Typography>
              </Stack>
            ) : (
              <Button
                variant="contained"
                onClick={() => onFinish(part.kind === 'quiz')}
                disabled={busy}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : part.kind === 'quiz' ? <SendOutlinedIcon /> : <DoneIcon />}
                data-testid={part.kind === 'quiz' ? 'submit-quiz' : 'mark-done'}
              >
                {part.kind === 'quiz' ? t('contents:page.submit_quiz') : t('contents:page.mark_done')}
              </Button>
            )}
            {state === 'done' && onNext && (
              <Button variant="outlined" endIcon={<ArrowForwardIcon />} onClick={onNext} data-testid="next-part">
                {t('contents:page.next_part')}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** What the part holds: its file, text or quiz. */
function PartBody({ part, title }: { part: Part; title: string }) {
  const { t } = useTranslation('contents');
  const { pathname, search } = useLocation();
  if (part.kind === 'text' && part.body) return <PostBody html={part.body} testId="part-text" />;
  if (part.kind === 'file' && part.file) return <PartFileView file={part.file} title={title} />;
  if (part.kind === 'quiz' && part.exam) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="part-quiz">
        <Typography color="text.secondary">{t('contents:page.quiz_hint')}</Typography>
        <Button variant="outlined" component={RouterLink} to={examJourneyHref(part.exam.uuid, pathname + search)} startIcon={<PlayArrowIcon />} data-testid="take-quiz">
          {t('contents:page.take_quiz')}
        </Button>
      </Stack>
    );
  }
  return (
    <Typography color="text.secondary" data-testid="part-empty">
      {t('contents:page.part_missing')}
    </Typography>
  );
}

/** A file by its type: video (the file, or YouTube's / Vimeo's player), audio, picture, else a document opened in a new tab. */
function PartFileView({ file, title }: { file: PartFile; title: string }) {
  const { t } = useTranslation('contents');
  const url = file.file_main_path;
  if (file.type === 'video' || file.provider) return <VideoPlayer url={url} title={title} />;
  if (file.type === 'audio') {
    return (
      <Box component="audio" controls preload="metadata" src={url} aria-label={title} sx={{ width: '100%' }} data-testid="part-audio">
        {t('contents:page.no_player')}
      </Box>
    );
  }
  if (file.type === 'image') {
    return <Box component="img" src={url} alt={title} sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 2, mx: 'auto' }} data-testid="part-image" />;
  }
  return (
    <Box>
      <Button variant="contained" href={url} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />} data-testid="part-document">
        {t('contents:page.open_document')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-user-content>
        {file.title || file.file_name}
      </Typography>
    </Box>
  );
}
