// The people a message did not reach, a page at a time: their name, the channel, the address it
// tried (none when there was none) and why: no address and opted out in words, the gateway's own
// words as it gave them. A table on wide screens, a card per person on phones (the dialog then
// fills the screen).
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableContainer, TableRow, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsHead } from '../../../components/ui/columns-head';
import { ListCard } from '../../../components/ui/list-card';
import { formatNumber } from '../../../lib/lang';
import type { BulkMessage, Failure } from '../api/bulk-api';
import { channelLabel, messageTitle } from '../hooks/progress';
import { useFailures } from '../hooks/use-bulk';

const TITLE_ID = 'bulk-failures-title';
/** The reasons worded here; any other is the gateway's words, shown as given. */
export const KNOWN_FAILURES = ['no_address', 'opted_out'] as const;

/** Why a person was not reached, in the interface's words when it is a known code. */
export function failureReason(error: string | null | undefined, t: TFunction): string {
  const e = (error ?? '').trim();
  return (KNOWN_FAILURES as readonly string[]).includes(e) ? t(`bulk:failures.errors.${e}`) : e;
}

interface Column {
  key: string;
  label: string;
  render: (f: Failure) => ReactNode;
}

export function FailuresDialog({ message, onClose }: { message: BulkMessage; onClose: () => void }) {
  const { t, i18n } = useTranslation('bulk');
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const query = useFailures(message.id, page);
  const rows = query.data?.data ?? [];
  const columns: Column[] = [
    {
      key: 'name',
      label: t('failures.columns.name'),
      // A person the server could not name: their id, when it knows it.
      render: (f) => f.name || (f.user_id ? t('failures.no_name', { n: formatNumber(f.user_id, lang) }) : t('failures.no_address_value')),
    },
    { key: 'channel', label: t('failures.columns.channel'), render: (f) => <Chip size="small" label={channelLabel(f.channel, t)} data-channel={f.channel} /> },
    {
      key: 'address',
      label: t('failures.columns.address'),
      render: (f) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-user-content>
          {f.address || t('failures.no_address_value')}
        </Box>
      ),
    },
    {
      key: 'error',
      label: t('failures.columns.error'),
      render: (f) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="bulk-failure-error" data-error={f.error}>
          {failureReason(f.error, t) || t('failures.no_address_value')}
        </Box>
      ),
    },
  ];
  const [first, ...rest] = columns;
  const dim = { opacity: query.isPlaceholderData ? 0.6 : 1 };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="bulk-failures-dialog">
      <DialogTitle id={TITLE_ID}>
        {t('failures.title')}
        <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }} data-user-content>
          {messageTitle(message, 80) || t('history.no_subject')}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <ListCard
          list={query}
          page={page}
          onPage={setPage}
          rowHeight={44}
          emptyIcon={<TaskAltOutlinedIcon />}
          emptyMessage={t('failures.empty')}
        >
          {wide ? (
            <TableContainer sx={dim}>
              <Table size="small" data-testid="bulk-failures-table">
                <ColumnsHead columns={columns} />
                <TableBody>
                  {rows.map((f, i) => (
                    <TableRow key={`${f.user_id}-${f.channel}-${i}`} data-testid="bulk-failure">
                      {columns.map((c) => (
                        <TableCell key={c.key}>{c.render(f)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, ...dim }}>
              {rows.map((f, i) => (
                <Box component="li" key={`${f.user_id}-${f.channel}-${i}`} data-testid="bulk-failure" sx={{ p: 2, minWidth: 0, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                    {first.render(f)}
                  </Typography>
                  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.75, m: 0 }}>
                    {rest.map((c) => (
                      <Box key={c.key} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {c.label}
                        </Typography>
                        <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2' }}>
                          {c.render(f)}
                        </Box>
                      </Box>
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </ListCard>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="bulk-failures-close">
          {t('failures.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
