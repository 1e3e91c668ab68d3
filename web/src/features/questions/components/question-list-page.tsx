// /question-bank/list: every question of the bank with search, type and folder filters; import a
// question file, export the bank as one. /question-bank/shared (the questions colleagues share with
// me) is loaded from here: a route of its own would add its chunks to the entry's preload list.
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QuestionFileActions } from './question-file-actions';
import { QuestionList } from './question-list';

const SharedQuestionListPage = lazy(() => import('./shared-question-list-page'));

/** On phones the four actions take two rows of two. */
const twoPerRow = { flex: { xs: '1 1 calc(50% - 8px)', sm: 'none' } } as const;

/** `shared`: the questions shared with me (/question-bank/shared) in place of the bank. */
export default function QuestionListPage({ shared = false }: { shared?: boolean }) {
  if (shared) return <SharedQuestionListPage />;
  return <BankPage />;
}

function BankPage() {
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
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
            <QuestionFileActions buttonSx={twoPerRow} />
            <Button component={RouterLink} to="/question-bank/folders" variant="outlined" startIcon={<FolderOutlinedIcon />} data-testid="folders-link" sx={twoPerRow}>
              {t('questions:list.folders')}
            </Button>
            <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />} data-testid="create-question-link" sx={twoPerRow}>
              {t('questions:list.create')}
            </Button>
          </Stack>
        }
      />
      <QuestionList />
    </Box>
  );
}
