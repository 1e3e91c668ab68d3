// A learner's certificate as its authors see it: its status chip, and the way to issue it (approve
// a waiting one, issue a revoked one again) or to revoke it, each after a confirmation. Shown on
// the People tab's rows and on the certificates pages (/course/certificate/:id, /exam/certificate/:id).
import { Button, Chip, type ChipProps } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import type { CertificateStatus } from '../api/courses-api';
import { certificateDecisionMutation, decisionFor } from '../hooks/certificates';

const CERT_CHIP: Record<string, ChipProps['color']> = { issued: 'success', pending: 'warning', revoked: 'error' };

export function CertificateChip({ status, title }: { status: CertificateStatus; title?: string }) {
  const { t } = useTranslation('courses');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CERT_CHIP[status] ?? 'default'}
      label={t(`people.certificate.${status}`, { defaultValue: status })}
      title={title}
      data-testid="certificate-chip"
      data-status={status}
    />
  );
}

/** The action's words for a certificate in this state (null: none yet, the enrolment completed). */
function useDecisionLabel(status: CertificateStatus | null) {
  const { t } = useTranslation('courses');
  return status === 'issued' ? t('people.revoke') : status === 'pending' ? t('people.approve_certificate') : t('people.issue');
}

/** Issue or revoke the certificate of enrolment `enrollmentId` (learner `name`), once confirmed. */
export function CertificateActions({ enrollmentId, name, status }: { enrollmentId: number; name: string; status: CertificateStatus | null }) {
  const { t } = useTranslation('courses');
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const decide = useMutation(certificateDecisionMutation(qc));
  const decision = decisionFor(status);
  const label = useDecisionLabel(status);
  const confirm = () =>
    decide.mutate(
      { enrollmentId, status: decision },
      {
        onSuccess: () => toast.show(decision === 1 ? t('people.certificate_issued', { name }) : t('people.certificate_revoked', { name })),
        onError: (err) => toast.show(errorText(err), { severity: 'error' }),
        onSettled: () => setAsking(false),
      },
    );
  return (
    <>
      <Button
        size="small"
        variant={decision === 0 ? 'text' : status === 'pending' ? 'contained' : 'outlined'}
        color={decision === 0 ? 'error' : 'primary'}
        onClick={() => setAsking(true)}
        disabled={decide.isPending}
        data-testid="certificate-action"
        data-decision={decision}
      >
        {label}
      </Button>
      <CertificateDecisionDialog open={asking} status={status} name={name} busy={decide.isPending} onConfirm={confirm} onClose={() => !decide.isPending && setAsking(false)} />
    </>
  );
}

/** The confirmation of issuing (or approving) a certificate, or of revoking an issued one. */
export function CertificateDecisionDialog(props: { open: boolean; status: CertificateStatus | null; name: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const revoking = decisionFor(props.status) === 0;
  const label = useDecisionLabel(props.status);
  return (
    <ConfirmDialog
      open={props.open}
      title={revoking ? t('people.revoke_title') : t('people.issue_title')}
      body={revoking ? t('people.revoke_body', { name: props.name }) : t('people.issue_body', { name: props.name })}
      confirmLabel={label}
      danger={revoking}
      busy={props.busy}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
