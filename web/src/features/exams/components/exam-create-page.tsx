// /exam/single/create: a new single exam; once saved, its own page (/exam/edit/:id) opens.
import { Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ExamSettingsForm } from './exam-settings-form';

export default function ExamCreatePage() {
  const { t } = useTranslation(['exams', 'common']);
  return (
    <Box data-testid="exam-create-page">
      <Button component={RouterLink} to="/exam/single" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('exams:form.back')}
      </Button>
      <PageHeader title={t('exams:form.create_title')} subtitle={t('exams:form.create_subtitle')} />
      <ExamSettingsForm exam={null} />
    </Box>
  );
}
