// /contents/my: the content bank's lists as tabs (?type=): My content, Others' content, Enrolled
// and Shared with me for authors (the people who may author courses), Others' content and Enrolled
// for everyone else. Searched by title (?search=), filtered by type (?content_type=) and category
// (?category=), a page at a time. Authors start new content (/contents/edit/new) and edit or delete
// their own (after a confirmation; the server may refuse while it is used or learned).
import { Box, Button, Tab, Tabs, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FilterSelect, useFilterParams } from '../../../components/ui/filter-select';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { categoryTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { idParam } from '../../../lib/list-params';
import { PAGE_ACCESS, type MenuClass } from '../../../lib/menu-class';
import { useCategories } from '../../../lib/public-queries';
import { useCurrentUser } from '../../../lib/session';
import type { Category } from '../../../lib/types';
import { useErrorText } from '../../../lib/use-error-text';
import { CONTENT_TYPES, type ContentItem, type ListType } from '../api/contents-api';
import { contentTypeParam, listTabs, listTypeParam } from '../hooks/content-form';
import { deleteContentMutation, useContentList } from '../hooks/use-contents';
import { ContentCards, editorPath, useContentTitle } from './content-cards';

/** How long typing must pause before the title search goes into the address. */
const TYPING_PAUSE_MS = 350;

/** Authors are the people who may author courses (the site's partner admins and teachers, super admins). */
export function isAuthor(cls: MenuClass): boolean {
  return (PAGE_ACCESS.authoring as readonly MenuClass[]).includes(cls);
}

/** The category filter's choices: the site's categories, and the one asked for while they load. */
function categoryChoices(categories: readonly Category[] | undefined, wanted: number | null, lang: string) {
  const choices = (categories ?? []).map((c) => ({ value: String(c.id), label: categoryTitle(c, lang) }));
  if (wanted && !choices.some((c) => c.value === String(wanted))) choices.unshift({ value: String(wanted), label: `#${formatNumber(wanted, lang)}` });
  return choices;
}

export function ContentListPage() {
  // The cards' durations are worded by the learn namespace: loaded with the page's own.
  const { t, i18n } = useTranslation(['contents', 'learn', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const title = useContentTitle();
  const { menuClass, isLoading: userLoading } = useCurrentUser();
  const author = isAuthor(menuClass);
  const tabs = listTabs(author);
  const [params, setFilter] = useFilterParams();
  const type = listTypeParam(params.get('type'), author);
  const search = params.get('search') ?? '';
  const contentType = contentTypeParam(params.get('content_type'));
  const categoryId = idParam(params.get('category'));
  const [page, setPage] = usePageParam();
  const list = useContentList({ type, page, search, contentType, categoryId }, !userLoading);
  const categories = useCategories();
  useClampPageParam(list.data?.last_page);

  // The title typed goes into ?search= once typing pauses (back to page 1).
  const [typed, setTyped] = useState(search);
  const wanted = typed.trim();
  useEffect(() => {
    if (wanted === search) return undefined;
    const timer = window.setTimeout(() => setFilter('search', wanted), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, search, setFilter]);

  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const remove = useMutation(deleteContentMutation(qc));
  const confirmDelete = () => {
    const item = deleting;
    if (!item) return;
    remove.mutate(item, {
      onSuccess: () => toast.show(t('contents:toast.deleted', { title: title(item) })),
      // The server says why it refuses (a course lesson uses it, learners are enrolled).
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  // The first tab is the address without ?type=.
  const showTab = (next: ListType) => setFilter('type', next === tabs[0] ? '' : next);
  const filtered = !!(search || contentType || categoryId);
  const total = list.data?.total;
  const newButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} component={RouterLink} to={editorPath('new')} data-testid="new-content">
      {t('contents:new')}
    </Button>
  );
  const cards = <ContentCards items={list.data?.data ?? []} busy={remove.isPending ? (remove.variables?.id ?? null) : null} onDelete={setDeleting} />;
  const emptyAction = filtered ? null : type === 'my' ? (
    newButton('outlined')
  ) : type === 'purchase' ? (
    <Button variant="outlined" onClick={() => showTab('other')} data-testid="browse-others">
      {t('contents:browse_others')}
    </Button>
  ) : null;

  return (
    <Box data-testid="content-list-page" data-type={type} data-author={author ? 'true' : 'false'}>
      <PageHeader
        title={t('contents:title')}
        subtitle={total !== undefined ? t('contents:total', { count: total }) : t('contents:subtitle')}
        actions={author ? newButton('contained') : undefined}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={type} onChange={(_, v: ListType) => showTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('contents:tabs.label')}>
          {tabs.map((k) => (
            <Tab key={k} value={k} label={t(`contents:tabs.${k}`)} id={`contents-tab-${k}`} aria-controls="contents-panel" data-testid={`contents-tab-${k}`} />
          ))}
        </Tabs>
      </Box>
      {/* Three equal columns from sm up: a select sized by its content would take the whole row. */}
      <Box sx={{ display: 'grid', gap: 1.5, mb: 2, maxWidth: 960, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextField
          id="contents-search"
          type="search"
          label={t('contents:search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          fullWidth
          sx={{ bgcolor: 'background.paper' }}
          data-testid="contents-search"
        />
        <FilterSelect
          id="contents-type"
          label={t('contents:content_type')}
          value={contentType}
          allLabel={t('contents:all_types')}
          options={CONTENT_TYPES.map((c) => ({ value: c, label: t(`contents:types.${c}`) }))}
          onChange={(v) => setFilter('content_type', v)}
          minWidth={200}
          testId="contents-type"
        />
        <FilterSelect
          id="contents-category"
          label={t('contents:category')}
          value={categoryId ? String(categoryId) : ''}
          allLabel={t('contents:all_categories')}
          options={categoryChoices(categories.data, categoryId, lang)}
          onChange={(v) => setFilter('category', v)}
          minWidth={200}
          testId="contents-category"
        />
      </Box>
      <Box role="tabpanel" id="contents-panel" aria-labelledby={`contents-tab-${type}`}>
        <ListCard
          list={{ ...list, isLoading: list.isLoading || userLoading }}
          page={page}
          onPage={setPage}
          rowHeight={120}
          emptyMessage={filtered ? t('contents:empty_filtered') : t(`contents:empty.${type}`)}
          emptyAction={emptyAction}
          // Cards on every screen: one column on a phone, more on wider ones.
          table={cards}
          cards={cards}
        />
      </Box>
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? t('contents:delete_title', { title: title(deleting) }) : ''}
        body={t('contents:delete_body')}
        confirmLabel={t('contents:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
    </Box>
  );
}
