import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { paths } from '../../../routes/paths.ts';
import { ScreenHeader } from '../../layout/components/ScreenHeader.tsx';

/** The clients list screen. The list itself (table, figures) comes with the clients issue. */
export function ClientsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader
        icon={<LuUsers />}
        breadcrumb={[{ name: t('clients.title'), href: paths.clients }]}
      />
      <Text color="fg.muted">{t('clients.empty')}</Text>
    </>
  );
}

export default ClientsScreen;
