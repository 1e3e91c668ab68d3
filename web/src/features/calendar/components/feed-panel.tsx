// "Subscribe in your phone's calendar": a secret address (the feed) that Google Calendar or an
// iPhone subscribes to. The server keeps only a hash of it, so the address is shown once, right
// after it is made, with a copy button and how to add it; later the panel offers a new address
// (the old one stops working) or stopping the feed.
import { Alert, Box, Button, Card, CardContent, IconButton, InputAdornment, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/copy-text';
import { useErrorText } from '../../../lib/use-error-text';
import { useFeed, useMakeFeed, useStopFeed } from '../hooks/use-calendar';

type Confirm = 'renew' | 'stop' | null;

export function FeedPanel() {
  const { t } = useTranslation(['calendar', 'common']);
  const toast = useToast();
  const errorText = useErrorText();
  const feed = useFeed();
  const make = useMakeFeed();
  const stop = useStopFeed();
  // The address just made: held by this panel only, gone when the page is left.
  const [shown, setShown] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const makeAddress = () =>
    make.mutate(undefined, {
      onSuccess: (f) => {
        setShown(f.url);
        setConfirm(null);
      },
      onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
    });
  const stopFeed = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        setShown(null);
        setConfirm(null);
        toast.show(t('calendar:feed.stopped'));
      },
      onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
    });

  const active = feed.data?.active ?? false;
  return (
    <Card component="section" aria-labelledby="feed-title" data-testid="feed-panel" data-active={active ? 'true' : 'false'}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PhoneIphoneOutlinedIcon color="primary" aria-hidden />
          <Typography id="feed-title" component="h2" variant="h6">
            {t('calendar:feed.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('calendar:feed.intro')}
        </Typography>
        {feed.isLoading ? (
          <Skeleton variant="rounded" height={40} sx={{ maxWidth: 260 }} />
        ) : feed.error && !feed.data ? (
          <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
        ) : shown ? (
          <FeedAddress url={shown} />
        ) : active ? (
          <Alert severity="info" data-testid="feed-active">
            {t('calendar:feed.active')}
          </Alert>
        ) : null}
        {!feed.isLoading && !(feed.error && !feed.data) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
            {active ? (
              <>
                <Button variant="outlined" onClick={() => setConfirm('renew')} data-testid="feed-renew">
                  {t('calendar:feed.renew')}
                </Button>
                <Button color="error" onClick={() => setConfirm('stop')} data-testid="feed-stop">
                  {t('calendar:feed.stop')}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={makeAddress} disabled={make.isPending} data-testid="feed-make">
                {t('calendar:feed.make')}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm === 'renew'}
        title={t('calendar:feed.renew_title')}
        body={t('calendar:feed.renew_body')}
        confirmLabel={t('calendar:feed.renew')}
        busy={make.isPending}
        onConfirm={makeAddress}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'stop'}
        title={t('calendar:feed.stop_title')}
        body={t('calendar:feed.stop_body')}
        confirmLabel={t('calendar:feed.stop')}
        danger
        busy={stop.isPending}
        onConfirm={stopFeed}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}

/** The address just made, its copy button, and how to add it. */
export function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation('calendar');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copyLabel = copied ? t('calendar:feed.copied') : t('calendar:feed.copy');
  return (
    <Box data-testid="feed-address" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity="success">{t('calendar:feed.made')}</Alert>
      <TextField
        value={url}
        label={t('calendar:feed.address')}
        size="small"
        fullWidth
        // Whole on a phone too: the address wraps rather than scrolls out of sight.
        multiline
        onFocus={(e) => e.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'feed-url', sx: { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copyLabel}>
                  <IconButton edge="end" aria-label={copyLabel} onClick={async () => setCopied(await copyText(url))} data-testid="feed-copy">
                    {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75, typography: 'body2' }}>
        <li>{t('calendar:feed.google')}</li>
        <li>{t('calendar:feed.iphone')}</li>
        <li>{t('calendar:feed.private')}</li>
      </Box>
    </Box>
  );
}
