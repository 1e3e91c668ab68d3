// /question-bank/list: every question of the bank with search, type and folder filters.
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QuestionList } from './question-list';

export default function QuestionListPage() {
  const { t } = useTranslation(['questions', 'common']);
  const [params] = useSearchParams();
  const folder = Number(params.get('folder_id'));
  const createTo = Number.isInteger(folder) && folder > 0 ? `/question-bank/create?folder_id=${folder}` : '/question-bank/create';
  return (
    <Box data-testid="question-list-page">
      <PageHeader
        title={t('questions:list.title')}
        subtitle={t('questions:list.subtitle')}
        actions={
          <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <Button component={RouterLink} to="/question-bank/folders" variant="outlined" startIcon={<FolderOutlinedIcon />} data-testid="folders-link" sx={{ flex: { xs: 1, sm: 'none' } }}>
              {t('questions:list.folders')}
            </Button>
            <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />} data-testid="create-question-link" sx={{ flex: { xs: 1, sm: 'none' } }}>
              {t('questions:list.create')}
            </Button>
          </Stack>
        }
      />
      <QuestionList />
    </Box>
  );
}
