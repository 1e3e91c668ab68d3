import { useTranslation } from 'react-i18next';
import { displayRole } from './menu-class';

/** A role's name for people ("Teacher", "শিক্ষক"); no role is the learner. */
export function useRoleLabel() {
  const { t } = useTranslation('common');
  return (role: string | null | undefined) =>
    role ? t(`common:roles.${displayRole(role)}`, { defaultValue: displayRole(role) }) : t('common:roles.learner');
}
