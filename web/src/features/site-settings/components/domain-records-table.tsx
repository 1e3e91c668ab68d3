import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Domain } from '../api/custom-domain-api';
import { copyText } from '../../../lib/copy-text';
import { dnsRecords } from '../hooks/domain-name';

/** The DNS records to create for a domain. A table from sm up; one block per record on phones. */
export function DomainRecordsTable({ domain }: { domain: Pick<Domain, 'verification'> }) {
  const { t } = useTranslation('settings');
  const records = dnsRecords(domain);
  const block = { xs: 'block', sm: 'table-row' } as const;
  const cell = { display: { xs: 'block', sm: 'table-cell' }, px: { xs: 0, sm: 1.5 }, py: { xs: 0.5, sm: 1 }, verticalAlign: 'top' } as const;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: { xs: 1.5, sm: 0 }, overflow: 'hidden' }}>
      <Table size="small" data-testid="dns-records" aria-label={t('domains.records_title')} sx={{ tableLayout: { sm: 'fixed' } }}>
        <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
          <TableRow>
            <TableCell sx={{ width: 88 }}>{t('domains.record_type')}</TableCell>
            <TableCell>{t('domains.record_name')}</TableCell>
            <TableCell>{t('domains.record_value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => (
            <TableRow
              key={r.type}
              data-testid={`dns-record-${r.type.toLowerCase()}`}
              sx={{ display: block, py: { xs: 1, sm: 0 }, '&:not(:last-child)': { borderBottom: { xs: 1, sm: 0 }, borderColor: 'divider' }, '&:last-child td': { borderBottom: { sm: 0 } }, '& td': { borderBottom: { xs: 0 } } }}
            >
              <TableCell sx={cell}>
                <Typography component="span" variant="body2" sx={{ fontWeight: 700, fontFamily: 'monospace' }} data-testid="record-type">
                  {r.type}
                </Typography>
              </TableCell>
              <TableCell sx={cell}>
                <MobileLabel text={t('domains.record_name')} />
                <CopyValue value={r.name} label={t('domains.copy_name', { type: r.type })} testId="record-name" />
              </TableCell>
              <TableCell sx={cell}>
                <MobileLabel text={r.type === 'CNAME' ? t('domains.record_target') : t('domains.record_value')} />
                <CopyValue value={r.value} label={t('domains.copy_value', { type: r.type })} testId="record-value" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function MobileLabel({ text }: { text: string }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 600 }}>
      {text}
    </Typography>
  );
}

function CopyValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <Box component="code" data-testid={testId} sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all', pt: 0.5 }}>
        {value}
      </Box>
      <Tooltip title={copied ? t('domains.copied') : label}>
        <IconButton size="small" aria-label={label} onClick={async () => setCopied(await copyText(value))} sx={{ flexShrink: 0, mt: -0.25 }}>
          {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
