import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './error-layout';

/** /400/:message shows the message. */
export function MessagePage() {
  const { message = '' } = useParams();
  const { t } = useTranslation();
  let text = message;
  try {
    text = decodeURIComponent(message);
  } catch {
    /* keep raw */
  }
  return <ErrorLayout testId="message-page" icon={<InfoOutlinedIcon />} title={t('errors:pages.message_title')} body={text} />;
}

export default MessagePage;
