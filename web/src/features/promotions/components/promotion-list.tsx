// Promotions as a table on a wide screen and as cards on a phone: picture, title, where it shows,
// its days and its status (with the reason of a rejection). The partner admin edits and deletes the
// site's own; the super admin sees every partner's, approves or rejects those waiting, and deletes.
import { Box, Button, IconButton, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseThumbnail } from '../../../components/ui/course-thumbnail';
import { formatDay, localTitle } from '../../../lib/course-text';
import type { Promotion } from '../api/promotions-api';
import { PromotionStatusChip } from './promotion-status-chip';

export interface PromotionListProps {
  items: Promotion[];
  lang: string;
  /** partner: the site's own; super: every partner's, with the partner and the decisions. */
  mode: 'partner' | 'super';
  /** The institution of this site: only its own promotions can be edited here. */
  siteId: number;
  /** The promotion being changed. */
  busy: string | null;
  /** The list narrowed to one partner (super admin). */
  partnerTo?: (institutionId: number) => string;
  onEdit: (p: Promotion) => void;
  onDelete: (p: Promotion) => void;
  onApprove?: (p: Promotion) => void;
  onReject?: (p: Promotion) => void;
}

type RowProps = Omit<PromotionListProps, 'items'> & { promotion: Promotion };

function Actions({ promotion: p, mode, siteId, busy, onEdit, onDelete, onApprove, onReject }: RowProps) {
  const { t } = useTranslation('promotions');
  const disabled = busy === p.uuid;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: { md: 'flex-end' } }}>
      {mode === 'super' && p.promotion_status === 'pending' && (
        <>
          <Button size="small" variant="contained" disabled={disabled} onClick={() => onApprove?.(p)} data-testid="approve-promotion">
            {t('approve')}
          </Button>
          <Button size="small" variant="outlined" color="error" disabled={disabled} onClick={() => onReject?.(p)} data-testid="reject-promotion">
            {t('reject')}
          </Button>
        </>
      )}
      {(mode === 'partner' || p.institution.id === siteId) && (
        <IconButton disabled={disabled} onClick={() => onEdit(p)} aria-label={`${t('edit')}: ${p.title}`} data-testid="edit-promotion">
          <EditOutlinedIcon />
        </IconButton>
      )}
      <IconButton color="error" disabled={disabled} onClick={() => onDelete(p)} aria-label={`${t('delete')}: ${p.title}`} data-testid="delete-promotion">
        <DeleteOutlineIcon />
      </IconButton>
    </Stack>
  );
}

/** The picture (a placeholder without one), the title, and where it leads. */
function Headline({ promotion: p, lang }: { promotion: Promotion; lang: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ position: 'relative', width: 80, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <CourseThumbnail src={p.thumbnail} iconSize={24} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="promotion-title" data-user-content>
          {p.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {p.course ? localTitle(p.course, lang) : p.url}
        </Typography>
      </Box>
    </Stack>
  );
}

function Partner({ promotion: p, partnerTo }: RowProps) {
  return partnerTo ? (
    <Link component={RouterLink} to={partnerTo(p.institution.id)} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="promotion-partner" data-user-content>
      {p.institution.name}
    </Link>
  ) : null;
}

/** The status, and the reason of a rejection. */
function Status({ promotion: p }: { promotion: Promotion }) {
  const { t } = useTranslation('promotions');
  const reason = p.promotion_status === 'rejected' ? p.reason?.trim() : '';
  return (
    <>
      <PromotionStatusChip status={p.promotion_status} />
      {reason && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="promotion-reason" data-user-content>
          {t('reason', { reason })}
        </Typography>
      )}
    </>
  );
}

function useRowTexts(lang: string) {
  const { t } = useTranslation('promotions');
  return {
    position: (p: Promotion) => t(`positions.${p.position}`, { defaultValue: p.position }),
    dates: (p: Promotion) => t('dates', { start: formatDay(p.start_date, lang), end: formatDay(p.end_date, lang) }),
  };
}

/** Wide screens: one row per promotion. */
export function PromotionsTable({ items, ...props }: PromotionListProps) {
  const { t } = useTranslation('promotions');
  const texts = useRowTexts(props.lang);
  return (
    <TableContainer>
      <Table size="small" data-testid="promotions-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('title')}</TableCell>
            {props.mode === 'super' && <TableCell>{t('partner')}</TableCell>}
            <TableCell>{t('position')}</TableCell>
            <TableCell>{t('shown')}</TableCell>
            <TableCell>{t('status')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((p) => (
            <TableRow key={p.uuid} hover data-testid="promotion" data-status={p.promotion_status}>
              <TableCell sx={{ maxWidth: 360 }}>
                <Headline promotion={p} lang={props.lang} />
              </TableCell>
              {props.mode === 'super' && (
                <TableCell>
                  <Partner promotion={p} {...props} />
                </TableCell>
              )}
              <TableCell>{texts.position(p)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{texts.dates(p)}</TableCell>
              <TableCell sx={{ maxWidth: 240 }}>
                <Status promotion={p} />
              </TableCell>
              <TableCell align="right">
                <Actions promotion={p} {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one block per promotion. */
export function PromotionCards({ items, ...props }: PromotionListProps) {
  const texts = useRowTexts(props.lang);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="promotion-cards">
      {items.map((p) => (
        <Box
          component="li"
          key={p.uuid}
          data-testid="promotion"
          data-status={p.promotion_status}
          sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Headline promotion={p} lang={props.lang} />
          {props.mode === 'super' && (
            <Box sx={{ mt: 1 }}>
              <Partner promotion={p} {...props} />
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {texts.position(p)} · {texts.dates(p)}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <Status promotion={p} />
          </Box>
          <Box sx={{ mt: 1, ml: -1 }}>
            <Actions promotion={p} {...props} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
