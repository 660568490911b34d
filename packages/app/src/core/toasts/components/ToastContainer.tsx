import { ToastContainer } from '@coach/ui';
import { useTranslation } from 'react-i18next';

/**
 * The ui package's toast container, its region named in the coach's language, in a chunk of its
 * own, loaded by DeferredToasts.
 */
export default function AppToastContainer() {
  const { t } = useTranslation();
  return <ToastContainer aria-label={t('app.notifications')} />;
}
