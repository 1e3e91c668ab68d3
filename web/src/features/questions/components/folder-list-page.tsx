// /question-bank/folders: the top-level folders of the question bank.
import { Box, Button, Card, Stack } from '@mui/material';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { FolderNameDialog } from './folder-dialogs';
import { FolderGrid } from './folder-grid';

export default function FolderListPage() {
  const { t } = useTranslation(['questions', 'common']);
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button variant="contained" startIcon={<CreateNewFolderOutlinedIcon />} onClick={() => setCreating(true)} data-testid="create-folder" sx={{ flex: { xs: 1, sm: 'none' } }}>
      {t('questions:folders.create')}
    </Button>
  );
  return (
    <Box data-testid="folder-list-page">
      <PageHeader
        title={t('questions:folders.title')}
        subtitle={t('questions:folders.subtitle')}
        actions={
          <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <Button component={RouterLink} to="/question-bank/list" variant="outlined" startIcon={<QuizOutlinedIcon />} sx={{ flex: { xs: 1, sm: 'none' } }}>
              {t('questions:list.title')}
            </Button>
            {createButton}
          </Stack>
        }
      />
      <FolderGrid
        parentId={null}
        empty={
          <Card>
            <EmptyState icon={<FolderOutlinedIcon />} message={t('questions:folders.empty')} action={<Button onClick={() => setCreating(true)}>{t('questions:folders.create')}</Button>} />
          </Card>
        }
      />
      <FolderNameDialog open={creating} folder={null} onClose={() => setCreating(false)} />
    </Box>
  );
}
