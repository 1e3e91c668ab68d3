// The teacher / officer verification dialog (SPEC §2, §4): tabs teacher (types 1-4, per the site's
// registries) and officer (type 5); the ID and the birth date are looked up in the registry (step 1),
// which answers 0 not found, 1 the ID verifies another account, or 100 found: its details, a code
// texted to the phone it holds, the consent, and Continue (step 2). Full-screen on phones. Enter
// submits, Escape closes, the first field has the focus on opening. When the site is connected to
// no registry it says so instead of showing an empty form.
//
// Enrol mode (SPEC §4 type 3, TeacherEnrolDialog): a course for verified teachers refused the
// enrolment; once verified, the dialog's Continue starts the enrolment again and closes.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { localDigits } from '../../../lib/digits';
import { formatNumber } from '../../../lib/lang';
import { useToken } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import { useSecondsLeft } from '../../auth/hooks/phone-verify';
import { isAlreadyTeacher, type PdsSubType, type PdsType, type TeacherDetails, type TeacherFlags, type TeacherVerificationInfo, type VerifiedTeacher } from '../api/teacher-verification-api';
import {
  canConfirm,
  CODE_FIELDS,
  CODE_LENGTH,
  confirmBody,
  FORM_FIELDS,
  formProblems,
  idLabelKey,
  initialState,
  lookupBody,
  PRIMARY,
  SUB_TYPES,
  tabOf,
  teacherTypes,
  verificationAvailable,
  verifyReducer,
  visibleTabs,
  type CodeField,
  type FormField,
  type VerifyState,
  type VerifyTab,
  type VerifyValues,
} from '../hooks/teacher-verification';
import { confirmMutation, lookupMutation, refreshTeacher, teacherVerificationQuery } from '../hooks/teacher-verification-queries';
import { VerifiedTeacherDetails } from './teacher-verification-card';

const TITLE_ID = 'teacher-verification-title';
const ID = 'teacher-verification';

export interface TeacherVerificationDialogProps {
  open: boolean;
  /** The GET's answer: the registries (tabs, types) and the verified record, if any. */
  info: TeacherVerificationInfo;
  onClose: () => void;
  /**
   * Enrol mode (SPEC §4 type 3): once verified (or found verified already), the success state's
   * Continue runs this (the refused enrolment again), then closes; without it Continue only closes.
   */
  onVerified?: () => void;
  /** Continue's label in enrol mode (default "Continue to enrolment"). */
  continueLabel?: string;
}

/** The dialog; its steps are mounted while it is open: nothing typed is kept once it closes. */
export function TeacherVerificationDialog({ open, info, onClose, onVerified, continueLabel }: TeacherVerificationDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <VerificationFrame open={open} busy={busy} onClose={onClose}>
      {open && <VerificationContent info={info} onClose={onClose} onBusy={setBusy} onVerified={onVerified} continueLabel={continueLabel} />}
    </VerificationFrame>
  );
}

/** The modal: full-screen on phones; Escape and the backdrop close it, except while the registry is being asked. */
function VerificationFrame({ open, busy, onClose, children }: { open: boolean; busy: boolean; onClose: () => void; children: ReactNode }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="teacher-verification-dialog">
      {children}
    </Dialog>
  );
}

type ContentProps = Pick<TeacherVerificationDialogProps, 'info' | 'onClose' | 'onVerified' | 'continueLabel'> & { onBusy: (busy: boolean) => void };

/** The steps, or (connected to no registry, not verified) that the site does not offer verification. */
export function VerificationContent(props: ContentProps) {
  const { info } = props;
  if (!info.verified && !verificationAvailable(info.flags)) return <UnavailableView enrol={!!props.onVerified} onClose={props.onClose} />;
  return <VerificationSteps {...props} />;
}

/**
 * What enrol mode does with the answer read as it opened: wait for it, continue the enrolment at
 * once (verified meanwhile), say the site offers no verification, or run the steps.
 */
export function enrolStep(opened: TeacherVerificationInfo | null | undefined): 'loading' | 'continue' | 'unavailable' | 'steps' {
  if (!opened) return 'loading';
  if (opened.verified) return 'continue';
  return verificationAvailable(opened.flags) ? 'steps' : 'unavailable';
}

/** Enrol mode's Continue: the enrolment, then closing. */
export const continueEnrolment = (onVerified: () => void, onClose: () => void) => () => {
  onVerified();
  onClose();
};

export interface TeacherEnrolDialogProps {
  /** The refused enrolment (or purchase), asked again once the account is verified. */
  onVerified: () => void;
  onClose: () => void;
  continueLabel?: string;
}

/**
 * Enrol mode's dialog, opened when a course for verified teachers refused the enrolment (403
 * `teacher_verification_required`): the account's verification is read afresh; verified already
 * (in another tab, say) the enrolment continues at once, otherwise the dialog runs and its
 * Continue continues it. Mounted while wanted.
 */
export function TeacherEnrolDialog({ onVerified, onClose, continueLabel }: TeacherEnrolDialogProps) {
  const query = useQuery({ ...teacherVerificationQuery(useToken()), staleTime: 0 });
  const [busy, setBusy] = useState(false);
  // The answer as the dialog opened (later ones, after verifying here, do not continue by themselves).
  const [opened, setOpened] = useState<TeacherVerificationInfo | null>(null);
  const fresh = query.isFetchedAfterMount && !query.isFetching ? query.data : undefined;
  if (fresh && !opened) setOpened(fresh);
  const step = enrolStep(opened);
  useEffect(() => {
    if (step === 'continue') continueEnrolment(onVerified, onClose)();
    // Once, when the first answer says verified.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step === 'continue']);
  if (step === 'continue') return null;
  return (
    <VerificationFrame open busy={busy} onClose={onClose}>
      {opened ? (
        <VerificationContent info={query.data ?? opened} onClose={onClose} onBusy={setBusy} onVerified={onVerified} continueLabel={continueLabel} />
      ) : (
        <LoadingView error={query.error} onRetry={() => void query.refetch()} onClose={onClose} />
      )}
    </VerificationFrame>
  );
}

/** Title, content and buttons of a state with no form of its own. */
function PlainView({ state, children, actions }: { state: string; children: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation('profile');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }} data-testid={`teacher-verification-state-${state}`}>
      <DialogTitle id={TITLE_ID}>{t('profile:teacher.title')}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>{actions}</DialogActions>
    </Box>
  );
}

/** The site is connected to no registry: said plainly (in enrol mode: the course cannot be joined this way). */
export function UnavailableView({ enrol, onClose }: { enrol: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <PlainView
      state="unavailable"
      actions={
        <Button variant="contained" onClick={onClose} autoFocus data-testid="teacher-verification-close">
          {t('common:actions.close')}
        </Button>
      }
    >
      <Alert severity="info" data-testid="teacher-verification-unavailable">
        {t(enrol ? 'profile:teacher.enrol_unavailable' : 'profile:teacher.unavailable')}
      </Alert>
    </PlainView>
  );
}

/** Enrol mode, before the account's verification has been read (or when reading it failed). */
export function LoadingView({ error, onRetry, onClose }: { error: unknown; onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  return (
    <PlainView
      state={error ? 'error' : 'loading'}
      actions={
        <>
          <Button onClick={onClose} data-testid="teacher-verification-cancel">
            {t('common:actions.cancel')}
          </Button>
          {!!error && (
            <Button variant="contained" onClick={onRetry} autoFocus data-testid="teacher-try-again">
              {t('profile:teacher.try_again')}
            </Button>
          )}
        </>
      }
    >
      {error ? (
        <Alert severity="error" role="alert" data-testid="teacher-verification-error">
          {errorText(error)}
        </Alert>
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('profile:teacher.loading')}</Typography>
        </Stack>
      )}
    </PlainView>
  );
}

/** A problem code of the form in its words: profile:teacher.problems.<code>, else errors:<code>. */
export function useProblemText() {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  return (code: string) => (i18n.exists(`profile:teacher.problems.${code}`) ? t(`profile:teacher.problems.${code}`) : i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : code);
}

/**
 * The steps' state and requests, drawn by VerificationView. A record verified already shows in
 * place of the form. With `onVerified` (enrol mode) success stays on its state, whose Continue
 * runs it and closes; otherwise success closes the dialog.
 */
export function VerificationSteps({ info, onClose, onBusy, onVerified, continueLabel }: ContentProps) {
  const { t } = useTranslation('profile');
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [state, dispatch] = useReducer(verifyReducer, info, (i) => (i.verified ? verifyReducer(initialState(i.flags), { type: 'already' }) : initialState(i.flags)));
  // The first field takes the focus when the form shows (opening, "try again"), not on a change of tab.
  const [focusFirst, setFocusFirst] = useState(true);
  const lookup = useMutation(lookupMutation());
  const confirm = useMutation(confirmMutation(qc));
  const { stage, values } = state;
  const problemText = useProblemText();
  const form = useFieldErrors(FORM_FIELDS, stage.at === 5 ? lookup.error : null, problemText);
  const code = useFieldErrors(CODE_FIELDS, stage.at === 1 ? confirm.error : null, problemText);
  const secondsLeft = useSecondsLeft(stage.at === 1 ? stage.resendAt : null);

  const failed = (err: Error) => {
    if (!isAlreadyTeacher(err)) return;
    // Verified meanwhile: the dialog shows the record (fetched again) in place of the form.
    void refreshTeacher(qc);
    dispatch({ type: 'already' });
  };
  const ask = () => {
    onBusy(true);
    confirm.reset();
    lookup.mutate(lookupBody(values), {
      onSuccess: (answer) => dispatch({ type: 'looked_up', answer, now: Date.now() }),
      onError: failed,
      onSettled: () => onBusy(false),
    });
  };
  const onLookup = () => {
    if (form.check(formProblems(values))) ask();
  };
  const onConfirm = () => {
    if (stage.at !== 1 || !canConfirm(stage)) return;
    onBusy(true);
    lookup.reset();
    confirm.mutate(confirmBody(values, stage.otp), {
      onSuccess: (answer) => {
        dispatch({ type: 'confirmed', answer });
        if (answer.status === 100 && !onVerified) {
          toast.show(t('profile:teacher.done'));
          onClose();
        }
      },
      onError: failed,
      onSettled: () => onBusy(false),
    });
  };

  // In step 1's state the refusals of no field shown: a new code refused (too soon), or step 2's.
  let formError: string | null = null;
  if (stage.at === 5) formError = form.formError;
  else if (stage.at === 1) formError = lookup.error && !isAlreadyTeacher(lookup.error) ? errorText(lookup.error) : code.formError;
  return (
    <VerificationView
      flags={info.flags}
      state={state}
      verified={info.verified}
      errors={{ ...form.errors, ...code.errors }}
      formError={formError}
      looking={lookup.isPending}
      confirming={confirm.isPending}
      secondsLeft={secondsLeft}
      focusFirst={focusFirst}
      onTab={(tab) => {
        setFocusFirst(false);
        dispatch({ type: 'tab', tab, flags: info.flags });
        form.changed(['pds_type', 'pds_sub_type']);
      }}
      onChange={(patch) => {
        dispatch({ type: 'edit', patch });
        form.changed(Object.keys(patch) as FormField[]);
      }}
      onOtp={(typed) => {
        dispatch({ type: 'otp', typed });
        code.changed(['otp']);
      }}
      onAgree={(agree) => {
        dispatch({ type: 'agree', agree });
        code.changed(['agree']);
      }}
      onLookup={onLookup}
      onResend={ask}
      onConfirm={onConfirm}
      onTryAgain={() => {
        lookup.reset();
        confirm.reset();
        form.check({});
        setFocusFirst(true);
        dispatch({ type: 'try_again' });
      }}
      onClose={onClose}
      intro={onVerified ? t('profile:teacher.enrol_intro') : undefined}
      onContinue={onVerified && continueEnrolment(onVerified, onClose)}
      continueLabel={continueLabel}
    />
  );
}

export interface VerificationViewProps {
  flags: TeacherFlags;
  state: VerifyState;
  /** The account's record, for the state `already`. */
  verified: VerifiedTeacher | null;
  /** Each field's refusal (the form's own check, or the server's), worded. */
  errors: FieldProblems<FormField | CodeField>;
  /** A refusal of no field shown (the registry not answering, too many attempts), worded. */
  formError: string | null;
  /** Step 1 (or a new code) is being asked. */
  looking: boolean;
  /** Step 2 is being asked. */
  confirming: boolean;
  /** Until a new code may be asked for (0: now). */
  secondsLeft: number;
  /** The form's first field takes the focus. */
  focusFirst: boolean;
  onTab: (tab: VerifyTab) => void;
  onChange: (patch: Partial<VerifyValues>) => void;
  onOtp: (typed: string) => void;
  onAgree: (agree: boolean) => void;
  onLookup: () => void;
  onResend: () => void;
  onConfirm: () => void;
  onTryAgain: () => void;
  onClose: () => void;
  /** Enrol mode: why the dialog opened, above the form. */
  intro?: string;
  /** Enrol mode: the success state's Continue (the enrolment, then closing) in place of Close. */
  onContinue?: () => void;
  /** Its label (default "Continue to enrolment"). */
  continueLabel?: string;
}

/** The dialog's content in one state: the title, the state's part, and its buttons. Enter submits the state's form. */
export function VerificationView(props: VerificationViewProps) {
  const { t } = useTranslation(['profile', 'common']);
  const { state, formError, looking, confirming, onClose } = props;
  const { stage } = state;
  const busy = looking || confirming;
  let body: ReactNode;
  let actions: ReactNode;
  const spinner = <CircularProgress size={16} color="inherit" />;
  const cancel = (
    <Button onClick={onClose} disabled={busy} data-testid="teacher-verification-cancel">
      {t(stage.at === 5 || stage.at === 1 ? 'common:actions.cancel' : 'common:actions.close')}
    </Button>
  );
  const tryAgain = (
    <Button type="submit" variant="contained" autoFocus data-testid="teacher-try-again">
      {t('profile:teacher.try_again')}
    </Button>
  );
  switch (stage.at) {
    case 5:
      body = (
        <>
          {props.intro && (
            <Typography sx={{ mb: 2 }} data-testid="teacher-verification-intro">
              {props.intro}
            </Typography>
          )}
          <LookupFields {...props} />
        </>
      );
      actions = (
        <>
          {cancel}
          <Button type="submit" variant="contained" disabled={looking} startIcon={looking ? spinner : undefined} data-testid="teacher-lookup">
            {t(looking ? 'profile:teacher.checking' : 'profile:teacher.check')}
          </Button>
        </>
      );
      break;
    case 1:
      body = <CodeFields {...props} stage={stage} />;
      actions = (
        <>
          {cancel}
          <Button type="submit" variant="contained" disabled={confirming || !canConfirm(stage)} startIcon={confirming ? spinner : undefined} data-testid="teacher-continue">
            {t(confirming ? 'profile:teacher.continuing' : 'profile:teacher.continue')}
          </Button>
        </>
      );
      break;
    case 0:
      body = (
        <Alert severity="error" data-testid="teacher-not-found">
          {t('profile:teacher.failed')}
        </Alert>
      );
      actions = (
        <>
          {cancel}
          {tryAgain}
        </>
      );
      break;
    case 2:
      body = (
        <Alert severity="warning" data-testid="teacher-used">
          {t('profile:teacher.used')}
          <Box component="span" sx={{ display: 'block', mt: 1, fontWeight: 600 }} data-testid="teacher-used-by">
            {t('profile:teacher.used_by', { name: stage.usedBy })}
          </Box>
        </Alert>
      );
      actions = (
        <>
          {cancel}
          {tryAgain}
        </>
      );
      break;
    case 'already':
    case 'done':
      body = (
        <>
          <Alert severity="success" sx={{ mb: 2 }} data-testid="teacher-already">
            {t(stage.at === 'done' ? 'profile:teacher.done' : 'profile:teacher.already')}
          </Alert>
          {props.verified ? <VerifiedTeacherDetails verified={props.verified} /> : stage.at === 'done' ? <DetailsTable details={stage.details} /> : <CircularProgress size={24} />}
        </>
      );
      actions = props.onContinue ? (
        <Button variant="contained" onClick={props.onContinue} autoFocus data-testid="teacher-continue-enrol">
          {props.continueLabel ?? t('profile:teacher.continue_enrol')}
        </Button>
      ) : (
        <Button variant="contained" onClick={onClose} autoFocus data-testid="teacher-verification-close">
          {t('common:actions.close')}
        </Button>
      );
      break;
  }
  return (
    <Box
      component="form"
      noValidate
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        if (stage.at === 5) props.onLookup();
        else if (stage.at === 1) props.onConfirm();
        else if (stage.at === 0 || stage.at === 2) props.onTryAgain();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
      data-testid={`teacher-verification-state-${stage.at}`}
    >
      <DialogTitle id={TITLE_ID}>{t('profile:teacher.title')}</DialogTitle>
      <DialogContent dividers>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="teacher-verification-error">
            {formError}
          </Alert>
        )}
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>{actions}</DialogActions>
    </Box>
  );
}

/** State 5: the tabs, the type (teacher tab), the kind of a primary teacher's ID, the ID and the birth date. */
function LookupFields({ flags, state, errors, looking, focusFirst, onTab, onChange }: VerificationViewProps) {
  const { t } = useTranslation('profile');
  const { values } = state;
  const tabs = visibleTabs(flags);
  const tab = tabOf(values.pds_type);
  const types = teacherTypes(flags);
  const showTypes = tab === 'teacher' && types.length > 0;
  const primary = values.pds_type === PRIMARY;
  const idLabel = t(`profile:teacher.id.${idLabelKey(values.pds_type, values.pds_sub_type)}`);
  return (
    <>
      {tabs.length > 0 && (
        <Tabs
          value={tabs.includes(tab) ? tab : false}
          onChange={(_, next: VerifyTab) => onTab(next)}
          variant="fullWidth"
          aria-label={t('profile:teacher.tabs.label')}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          data-testid="teacher-tabs"
        >
          {tabs.map((k) => (
            <Tab key={k} value={k} label={t(`profile:teacher.tabs.${k}`)} id={`${ID}-tab-${k}`} aria-controls={`${ID}-panel`} disabled={looking} data-testid={`teacher-tab-${k}`} />
          ))}
        </Tabs>
      )}
      <Stack spacing={2.5} role="tabpanel" id={`${ID}-panel`} aria-labelledby={`${ID}-tab-${tab}`}>
        {showTypes && (
          <FormControl error={!!errors.pds_type} disabled={looking}>
            <FormLabel id={`${ID}-type-label`}>{t('profile:teacher.type_label')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${ID}-type-label`}
              name="pds_type"
              value={String(values.pds_type)}
              onChange={(e) => onChange({ pds_type: Number(e.target.value) as PdsType })}
              data-testid="teacher-types"
            >
              {types.map((type) => (
                <FormControlLabel
                  key={type}
                  value={String(type)}
                  control={<Radio id={`${ID}-type-${type}`} autoFocus={focusFirst && type === values.pds_type} />}
                  label={t(`profile:teacher.types.${type}`)}
                />
              ))}
            </RadioGroup>
            {errors.pds_type && <FormHelperText>{errors.pds_type}</FormHelperText>}
          </FormControl>
        )}
        {primary && (
          <FormControl error={!!errors.pds_sub_type} disabled={looking} data-testid="teacher-sub-type">
            <FormLabel id={`${ID}-sub-type-label`}>{t('profile:teacher.sub_type_label')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${ID}-sub-type-label`}
              name="pds_sub_type"
              value={String(values.pds_sub_type)}
              onChange={(e) => onChange({ pds_sub_type: Number(e.target.value) as PdsSubType })}
            >
              {SUB_TYPES.map((sub) => (
                <FormControlLabel key={sub} value={String(sub)} control={<Radio id={`${ID}-sub-type-${sub}`} />} label={t(`profile:teacher.sub_types.${sub}`)} />
              ))}
            </RadioGroup>
            {errors.pds_sub_type && <FormHelperText>{errors.pds_sub_type}</FormHelperText>}
          </FormControl>
        )}
        <TextField
          id={`${ID}-pdsid`}
          name="pdsid"
          label={idLabel}
          value={values.pdsid}
          onChange={(e) => onChange({ pdsid: e.target.value })}
          required
          fullWidth
          disabled={looking}
          autoFocus={focusFirst && !showTypes}
          error={!!errors.pdsid}
          helperText={errors.pdsid ?? t('profile:teacher.id_hint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false, 'data-testid': 'teacher-pdsid' } }}
        />
        <TextField
          id={`${ID}-date-of-birth`}
          name="date_of_birth"
          label={t('profile:teacher.birth')}
          value={values.date_of_birth}
          onChange={(e) => onChange({ date_of_birth: e.target.value })}
          placeholder={t('profile:teacher.birth_placeholder')}
          required
          fullWidth
          disabled={looking}
          error={!!errors.date_of_birth}
          helperText={errors.date_of_birth ?? t('profile:teacher.birth_hint')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 10, 'data-testid': 'teacher-date-of-birth' } }}
        />
      </Stack>
    </>
  );
}

/** State 1: what the registry holds, where the code went, the code (and a new one), and the consent. */
function CodeFields({ stage, errors, looking, confirming, secondsLeft, onOtp, onAgree, onResend }: VerificationViewProps & { stage: Extract<VerifyState['stage'], { at: 1 }> }) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  const waiting = secondsLeft > 0;
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" data-testid="teacher-found">
        {t('profile:teacher.found')}
      </Alert>
      <DetailsTable details={stage.details} />
      <Typography data-testid="teacher-otp-sent">{t('profile:teacher.otp_sent', { phone: localDigits(stage.sentTo, lang) })}</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id={`${ID}-otp`}
          name="otp"
          label={t('profile:teacher.otp')}
          value={stage.otp}
          onChange={(e) => onOtp(e.target.value)}
          autoFocus
          required
          disabled={confirming}
          error={!!errors.otp}
          helperText={errors.otp ?? t('profile:teacher.otp_hint', { n: formatNumber(CODE_LENGTH, lang) })}
          sx={{ flex: '1 1 180px' }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: CODE_LENGTH, 'data-testid': 'teacher-otp', sx: { fontSize: 20, letterSpacing: '0.3em' } },
          }}
        />
        <Button
          variant="outlined"
          onClick={onResend}
          disabled={looking || confirming || waiting}
          startIcon={looking ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mt: 1, flex: '0 0 auto' }}
          data-testid="teacher-resend"
        >
          {looking ? t('profile:teacher.resending') : waiting ? t('profile:teacher.resend_in', { seconds: formatNumber(secondsLeft, lang) }) : t('profile:teacher.resend')}
        </Button>
      </Box>
      <FormControl error={!!errors.agree} disabled={confirming}>
        <FormControlLabel
          control={<Checkbox name="agree" checked={stage.agree} onChange={(e) => onAgree(e.target.checked)} slotProps={{ input: { id: `${ID}-agree` } }} />}
          label={t('profile:teacher.agree')}
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
        />
        {errors.agree && <FormHelperText>{errors.agree}</FormHelperText>}
      </FormControl>
    </Stack>
  );
}

/** The four details the registry answered, as a table of two columns (fits 360 px). */
function DetailsTable({ details }: { details: TeacherDetails }) {
  const { t } = useTranslation('profile');
  const keys = ['Name', 'Designation', 'InstituteName', 'Subject'] as const;
  return (
    <Table size="small" data-testid="teacher-details" sx={{ '& th': { width: '38%', fontWeight: 600, color: 'text.secondary', pl: 0 }, '& td, & th': { wordBreak: 'break-word', verticalAlign: 'top' } }}>
      <TableBody>
        {keys.map((k) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row">
              {t(`profile:teacher.details.${k}`)}
            </TableCell>
            <TableCell>{details[k] || t('profile:no_value')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
