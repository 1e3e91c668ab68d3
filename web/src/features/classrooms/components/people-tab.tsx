// A class's people: its teachers, then its students, each a page at a time, with whether they have
// joined or are still invited, and (for teachers and admins) their e-mail and mobile number.
// Teachers and admins add people (one, or a list at once), make a student a teacher or back, edit
// a name and remove someone after a confirmation; the class always keeps one teacher (the server's
// `last_teacher`, shown translated).
import { Avatar, Box, Button, Card, Divider, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { STUDENT, TEACHER, type Classroom, type Person, type UserType } from '../api/classrooms-api';
import type { PersonKind } from '../hooks/classroom-forms';
import { managesClass } from '../hooks/classroom-format';
import { removePersonMutation, setPersonTypeMutation, usePeople } from '../hooks/use-classrooms';
import { PersonStatusChip } from './classroom-chips';
import { PeopleListDialog } from './people-list-dialog';
import { AddPersonDialog, RenamePersonDialog } from './person-dialog';

/** A refusal of "Make student": the class's only teacher stays one (`last_teacher`, in words for this action). */
export function useRoleChangeErrorText() {
  const { t } = useTranslation('classrooms');
  const errorText = useErrorText();
  return (err: unknown) => (err instanceof ApiError && err.code === 'last_teacher' ? t('people.last_teacher_role') : errorText(err));
}

export function PeopleTab({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const manage = managesClass(classroom.my_role);
  const [adding, setAdding] = useState<PersonKind | null>(null);
  const [renaming, setRenaming] = useState<Person | null>(null);
  const [removing, setRemoving] = useState<Person | null>(null);
  const [listing, setListing] = useState(false);
  const remove = useMutation(removePersonMutation(qc, classroom.id));
  const switchType = useMutation(setPersonTypeMutation(qc, classroom.id));
  const roleChangeError = useRoleChangeErrorText();
  const onSwitch = (person: Person) => {
    if (switchType.isPending) return;
    const userType = person.user_type === TEACHER ? STUDENT : TEACHER;
    switchType.mutate(
      { person, userType },
      {
        onSuccess: (saved) => toast.show(t(saved.user_type === TEACHER ? 'classrooms:people.made_teacher' : 'classrooms:people.made_student', { name: saved.name })),
        onError: (err) => toast.show(roleChangeError(err), { severity: 'error', duration: 6000 }),
      },
    );
  };
  const switching = switchType.isPending ? switchType.variables?.person.id : undefined;
  const sectionProps = { classroomId: classroom.id, manage, onRename: setRenaming, onRemove: setRemoving, onSwitch, switching };

  return (
    <Box data-testid="people-tab">
      {manage && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, justifyContent: 'flex-end' }}>
          <Button variant="outlined" startIcon={<GroupAddOutlinedIcon />} onClick={() => setListing(true)} data-testid="add-people-list">
            {t('classrooms:people.add_list')}
          </Button>
          <Button variant="contained" startIcon={<PersonAddAltOutlinedIcon />} onClick={() => setAdding('student')} data-testid="add-people">
            {t('classrooms:people.add')}
          </Button>
        </Stack>
      )}
      <Stack spacing={3}>
        <PeopleSection type={TEACHER} {...sectionProps} />
        <PeopleSection type={STUDENT} {...sectionProps} />
      </Stack>

      {manage && (
        <>
          <AddPersonDialog open={!!adding} classroomId={classroom.id} kind={adding ?? 'student'} onClose={() => setAdding(null)} />
          <PeopleListDialog open={listing} classroomId={classroom.id} onClose={() => setListing(false)} />
          <RenamePersonDialog person={renaming} classroomId={classroom.id} onClose={() => setRenaming(null)} />
          <ConfirmDialog
            open={!!removing}
            title={t('classrooms:people.remove_title', { name: removing?.name ?? '' })}
            body={removing?.user_type === TEACHER ? t('classrooms:people.remove_teacher_body') : t('classrooms:people.remove_student_body')}
            confirmLabel={t('classrooms:people.remove')}
            danger
            busy={remove.isPending}
            onConfirm={() => {
              if (!removing) return;
              const person = removing;
              remove.mutate(person, {
                onSuccess: () => toast.show(t('classrooms:people.removed', { name: person.name })),
                // The class's only teacher stays: `last_teacher`, in the interface's words.
                onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 6000 }),
                onSettled: () => setRemoving(null),
              });
            }}
            onClose={() => !remove.isPending && setRemoving(null)}
          />
        </>
      )}
    </Box>
  );
}

interface SectionProps {
  classroomId: number;
  type: UserType;
  manage: boolean;
  onRename: (p: Person) => void;
  onRemove: (p: Person) => void;
  onSwitch: (p: Person) => void;
  /** The person being made a teacher or a student. */
  switching?: number;
}

function PeopleSection({ classroomId, type, manage, onRename, onRemove, onSwitch, switching }: SectionProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const [page, setPage] = useState(1);
  const list = usePeople(classroomId, type, page);
  const kind = type === TEACHER ? 'teachers' : 'students';
  const titleId = `people-${kind}-${classroomId}`;
  const rows = list.data?.data ?? [];
  const total = list.data?.total;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={`people-${kind}`}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(`classrooms:people.${kind}`)}
        {total !== undefined && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
            ({formatNumber(total, i18n.language)})
          </Typography>
        )}
      </Typography>
      <Card variant="outlined">
        {list.isLoading ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Box>
        ) : list.error && !list.data ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          </Box>
        ) : !rows.length ? (
          <EmptyState icon={<PeopleOutlineIcon />} message={t(`classrooms:people.empty_${kind}`)} />
        ) : (
          <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((p) => (
              <PersonRow key={p.id} person={p} manage={manage} onRename={() => onRename(p)} onRemove={() => onRemove(p)} onSwitch={() => onSwitch(p)} switching={switching === p.id} />
            ))}
          </Stack>
        )}
      </Card>
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} size="small" />
    </Box>
  );
}

export function PersonRow(props: { person: Person; manage: boolean; onRename: () => void; onRemove: () => void; onSwitch?: () => void; switching?: boolean }) {
  const { person: p, manage, onRename, onRemove, onSwitch, switching = false } = props;
  const { t } = useTranslation('classrooms');
  const contacts = [p.email, p.phone].filter(Boolean).join(' · ');
  const switchLabel = p.user_type === TEACHER ? t('people.make_student') : t('people.make_teacher');
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ p: { xs: 1.5, sm: 2 }, alignItems: 'center' }} data-testid="person-row" data-person-id={p.id} data-status={p.status}>
      <Avatar sx={{ width: 36, height: 36, fontSize: 16, bgcolor: p.user_type === TEACHER ? 'primary.main' : 'secondary.main' }} aria-hidden>
        {(p.name.trim() || '?').slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
            {p.name}
          </Typography>
          <PersonStatusChip status={p.status} />
        </Stack>
        {contacts && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="person-contacts" data-user-content>
            {contacts}
          </Typography>
        )}
      </Box>
      {manage && (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          {onSwitch && (
            <Tooltip title={switchLabel}>
              <IconButton onClick={() => !switching && onSwitch()} aria-busy={switching || undefined} aria-label={`${switchLabel}: ${p.name}`} data-testid={p.user_type === TEACHER ? 'make-student' : 'make-teacher'}>
                {p.user_type === TEACHER ? <PersonOutlineIcon fontSize="small" /> : <SchoolOutlinedIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('people.rename')}>
            <IconButton onClick={onRename} aria-label={`${t('people.rename')}: ${p.name}`} data-testid="rename-person">
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('people.remove')}>
            <IconButton color="error" onClick={onRemove} aria-label={`${t('people.remove')}: ${p.name}`} data-testid="remove-person">
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Stack>
  );
}
