// Sidebar menu (SPEC 2 "Sidebar menu"), limited to the screens that exist so far.
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import type { ReactNode } from 'react';
import type { MenuClass } from '../../lib/menu-class';

export interface MenuItem {
  key: string;
  labelKey: string;
  icon?: ReactNode;
  to?: string;
  classes: MenuClass[];
  children?: MenuItem[];
}

export const MENU: MenuItem[] = [
  { key: 'dashboard', labelKey: 'common:nav.dashboard', icon: <DashboardOutlinedIcon />, to: '/dashboard', classes: ['super', 'partner', 'approver'] },
  { key: 'home', labelKey: 'common:nav.home', icon: <HomeOutlinedIcon />, to: '/dashboard', classes: ['learner'] },
  {
    key: 'profile',
    labelKey: 'common:nav.my_profile',
    icon: <PersonOutlineIcon />,
    classes: ['learner'],
    children: [{ key: 'myprofile', labelKey: 'common:nav.my_profile', to: '/profile/myprofile', classes: ['learner'] }],
  },
  {
    key: 'partners',
    labelKey: 'common:nav.partners',
    icon: <HandshakeOutlinedIcon />,
    classes: ['super'],
    children: [
      { key: 'partners-list', labelKey: 'common:nav.partner_list', to: '/partners/list', classes: ['super'] },
      { key: 'partners-requests', labelKey: 'common:nav.partner_requests', to: '/partners/requests', classes: ['super'] },
    ],
  },
  {
    key: 'settings',
    labelKey: 'common:nav.settings',
    icon: <SettingsOutlinedIcon />,
    classes: ['partner'],
    children: [{ key: 'settings-profile', labelKey: 'common:nav.site_profile', to: '/settings/profile', classes: ['partner'] }],
  },
];

export function menuFor(cls: MenuClass): MenuItem[] {
  return MENU.filter((i) => i.classes.includes(cls)).map((i) => ({
    ...i,
    children: i.children?.filter((c) => c.classes.includes(cls)),
  }));
}

export function firstSegment(path: string): string {
  return path.split('?')[0].split('/').filter(Boolean)[0] ?? '';
}

/** An item is active when its (or a child's) first path segment is the current one. */
export function isItemActive(item: MenuItem, pathname: string): boolean {
  const seg = firstSegment(pathname);
  if (item.to && firstSegment(item.to) === seg) return true;
  return !!item.children?.some((c) => c.to && firstSegment(c.to) === seg);
}
