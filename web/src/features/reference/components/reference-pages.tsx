// The reference-list pages of the main site's super admins, one chunk (docs/api-reference.md):
// /settings/categories, /settings/educationlavels, /settings/educationsublavels, /settings/degrees,
// /settings/professions (with a Fields tab: a profession's fields, ?list=fields&parent=<id>) and
// /settings/reference-lists (tabs: disabilities, participant types, tags; ?list=). Every list is
// the same ReferenceList.
import { Box, IconButton, Tab, Tabs } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import type { RefItem, ReferenceKind } from '../api/reference-api';
import { ReferenceList } from './reference-list';
import { itemTitle } from './reference-parts';

export const REFERENCE_PAGES = ['categories', 'education_levels', 'education_sublevels', 'degrees', 'professions', 'lists'] as const;
export type ReferencePage = (typeof REFERENCE_PAGES)[number];

/** Each page's path (the spec's spelling). */
export const REFERENCE_PATHS: Record<ReferencePage, string> = {
  categories: '/settings/categories',
  education_levels: '/settings/educationlavels',
  education_sublevels: '/settings/educationsublavels',
  degrees: '/settings/degrees',
  professions: '/settings/professions',
  lists: '/settings/reference-lists',
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
};

export default function ReferencePages({ page }: { page: ReferencePage }) {
  const { t, i18n } = useTranslation('reference');
  const [params, setParams] = useSearchParams();
  const tabs = TABS[page];
  const tab = tabs?.find(([v]) => v === params.get('list')) ?? tabs?.[0];
  const kind: ReferenceKind = tab ? tab[1] : (page as ReferenceKind);
  const fieldsOf = (item: RefItem) =>
    kind === 'professions' ? (
      <IconButton
        onClick={() => setParams(new URLSearchParams({ list: 'fields', parent: String(item.id) }))}
        aria-label={t('fields_of', { title: itemTitle(item, i18n.language) })}
        data-testid="ref-fields"
      >
        <AccountTreeOutlinedIcon />
      </IconButton>
    ) : null;
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
      <ReferenceList key={kind} kind={kind} rowAction={kind === 'professions' ? fieldsOf : undefined} />
    </Box>
  );
}
