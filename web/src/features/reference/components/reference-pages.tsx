// The reference-list pages of the main site's super admins, one chunk (docs/api-reference.md):
// /settings/categories, /settings/educationlavels, /settings/educationsublavels, /settings/degrees,
// /settings/professions (with a Fields tab: a profession's fields, ?list=fields&parent=<id>),
// /settings/reference-lists (tabs: disabilities, participant types, tags; ?list=) and
// /settings/geography (tabs: divisions, districts, upazilas; a division's districts are
// ?list=districts&parent=<id>, a district's upazilas ?list=upazilas&parent=<id>). Every list is the
// same ReferenceList; on a page of several lists, each item of a list whose children are another
// tab links to that tab narrowed to it.
import { Box, IconButton, Tab, Tabs } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { childKind, type RefItem, type ReferenceKind } from '../api/reference-api';
import { ReferenceList } from './reference-list';
import { itemTitle } from './reference-parts';

export const REFERENCE_PAGES = ['categories', 'education_levels', 'education_sublevels', 'degrees', 'professions', 'lists', 'geography'] as const;
export type ReferencePage = (typeof REFERENCE_PAGES)[number];

/** Each page's path (the spec's spelling). */
export const REFERENCE_PATHS: Record<ReferencePage, string> = {
  categories: '/settings/categories',
  education_levels: '/settings/educationlavels',
  education_sublevels: '/settings/educationsublavels',
  degrees: '/settings/degrees',
  professions: '/settings/professions',
  lists: '/settings/reference-lists',
  geography: '/settings/geography',
};

/** The tabs of a page of several lists: ?list= value -> the list (the first is the page without ?list=). */
const TABS: Partial<Record<ReferencePage, [string, ReferenceKind][]>> = {
  professions: [
    ['professions', 'professions'],
    ['fields', 'profession_fields'],
  ],
  lists: [
    ['disabilities', 'disabilities'],
    ['participant-types', 'participant_types'],
    ['tags', 'tags'],
  ],
  geography: [
    ['divisions', 'divisions'],
    ['districts', 'districts'],
    ['upazilas', 'upazilas'],
  ],
};

/** The ?list= and ?parent= of the tab that shows `item`'s children (a profession's fields, a division's districts). */
export function childrenSearch(tab: string, item: RefItem): string {
  return `?${new URLSearchParams({ list: tab, parent: String(item.id) })}`;
}

export default function ReferencePages({ page }: { page: ReferencePage }) {
  const { t, i18n } = useTranslation('reference');
  const [params, setParams] = useSearchParams();
  const tabs = TABS[page];
  const tab = tabs?.find(([v]) => v === params.get('list')) ?? tabs?.[0];
  const kind: ReferenceKind = tab ? tab[1] : (page as ReferenceKind);
  // The tab of this page whose items are the shown list's children, if any.
  const child = tabs && childKind(kind, tabs.map(([, k]) => k));
  const childTab = child ? tabs.find(([, k]) => k === child)![0] : null;
  const childrenOf = (item: RefItem) => (
    <IconButton
      component={Link}
      to={{ search: childrenSearch(childTab!, item) }}
      aria-label={t(`kinds.${child}.of`, { title: itemTitle(item, i18n.language) })}
      data-testid="ref-children"
    >
      <AccountTreeOutlinedIcon />
    </IconButton>
  );
  return (
    <Box data-testid="reference-page" data-page={page} sx={{ minWidth: 0 }}>
      <PageHeader title={t(`pages.${page}.title`)} subtitle={t(`pages.${page}.subtitle`)} />
      {tabs && (
        <Tabs
          value={tab![0]}
          onChange={(_, v: string) => setParams(v === tabs[0][0] ? new URLSearchParams() : new URLSearchParams({ list: v }))}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          aria-label={t(`pages.${page}.title`)}
          data-testid="ref-tabs"
        >
          {tabs.map(([v, k]) => (
            <Tab key={k} value={v} label={t(`kinds.${k}.name`)} data-testid={`ref-tab-${k}`} />
          ))}
        </Tabs>
      )}
      <ReferenceList key={kind} kind={kind} rowAction={childTab ? childrenOf : undefined} />
    </Box>
  );
}
