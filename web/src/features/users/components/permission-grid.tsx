// A role's permission map as a grid: a row per module the site's roles may hold, a column per
// action, and (when editing) a row's "all" box, ticked when every action of the module is and half
// ticked when some are. Every box is a native checkbox with its own name ("Courses: Create"), so
// the grid is used with Tab and Space. The module's column stays put while a narrow screen (a phone
// of 360 px) scrolls the grid sideways. Read-only, a cell shows a tick or a dash, with its words for
// screen readers.
import { Box, Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import type { RoleModule } from '../api/users-api';
import { gridActions, rowState, toggleAction, toggleRow, type Grants } from '../hooks/permission-grid';

export interface PermissionGridProps {
  modules: readonly RoleModule[];
  grants: Grants;
  /** Without it the grid is read-only. */
  onChange?: (grants: Grants) => void;
  disabled?: boolean;
  /** The table's name for screen readers. */
  label: string;
}

/** A module's and an action's names (unknown ones by their key). */
export function usePermissionLabels() {
  const { t } = useTranslation('users');
  return {
    module: (key: string) => t(`users:module.${key}`, { defaultValue: key }),
    action: (key: string) => t(`users:action.${key}`, { defaultValue: key }),
  };
}

const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 140, maxWidth: 200 } as const;

export function PermissionGrid({ modules, grants, onChange, disabled = false, label }: PermissionGridProps) {
  const { t } = useTranslation('users');
  const labels = usePermissionLabels();
  const actions = gridActions(modules);
  const editable = !!onChange;
  return (
    <TableContainer sx={{ position: 'relative', overflowX: 'auto', maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="permission-grid" data-readonly={editable ? undefined : 'true'}>
      <Table size="small" aria-label={label} sx={{ minWidth: editable ? 420 : 360 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ ...sticky, fontWeight: 700 }}>
              {t('users:grid.module')}
            </TableCell>
            {editable && (
              <TableCell component="th" scope="col" align="center" sx={{ fontWeight: 700 }}>
                {t('users:grid.all')}
              </TableCell>
            )}
            {actions.map((a) => (
              <TableCell key={a} component="th" scope="col" align="center" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {labels.action(a)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {modules.map((m) => {
            const row = grants[m.key] ?? {};
            const state = rowState(grants, m.key);
            const name = labels.module(m.key);
            return (
              <TableRow key={m.key} hover data-testid="permission-row" data-module={m.key} data-state={state}>
                <TableCell component="th" scope="row" sx={{ ...sticky, overflowWrap: 'anywhere' }}>
                  {name}
                </TableCell>
                {editable && (
                  <TableCell align="center" padding="checkbox">
                    <Checkbox
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      disabled={disabled}
                      onChange={() => onChange(toggleRow(grants, m.key))}
                      slotProps={{ input: { id: `perm-${m.key}-all`, 'aria-label': t('users:grid.all_of', { module: name }) } }}
                      data-testid="permission-all"
                    />
                  </TableCell>
                )}
                {actions.map((a) => {
                  if (!(a in row)) {
                    return (
                      <TableCell key={a} align="center">
                        <Box component="span" sx={visuallyHidden}>
                          {t('users:grid.not_offered')}
                        </Box>
                      </TableCell>
                    );
                  }
                  const on = row[a] === true;
                  const cellLabel = t('users:grid.cell', { module: name, action: labels.action(a) });
                  return (
                    <TableCell key={a} align="center" padding={editable ? 'checkbox' : 'normal'} data-testid="permission-cell" data-action={a} data-granted={on ? 'true' : 'false'}>
                      {editable ? (
                        <Checkbox
                          checked={on}
                          disabled={disabled}
                          onChange={(e) => onChange(toggleAction(grants, m.key, a, e.target.checked))}
                          slotProps={{ input: { id: `perm-${m.key}-${a}`, 'aria-label': cellLabel } }}
                        />
                      ) : (
                        <Box component="span" sx={{ display: 'inline-flex', color: on ? 'success.main' : 'text.disabled' }}>
                          {on ? <CheckIcon fontSize="small" aria-hidden /> : <RemoveIcon fontSize="small" aria-hidden />}
                          <Box component="span" sx={visuallyHidden}>
                            {`${cellLabel}: ${on ? t('users:grid.granted') : t('users:grid.refused')}`}
                          </Box>
                        </Box>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {!modules.length && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('users:grid.no_modules')}
        </Typography>
      )}
    </TableContainer>
  );
}
