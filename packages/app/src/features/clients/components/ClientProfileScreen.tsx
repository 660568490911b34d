import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { useParams } from 'react-router';
import { clientPath, paths } from '../../../routes/paths.ts';
import { ScreenHeader } from '../../layout/components/ScreenHeader.tsx';

/** A client's profile screen. Its content comes with the client profile issue. */
export function ClientProfileScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <ScreenHeader
        icon={<LuUsers />}
        breadcrumb={[
          { name: t('clients.title'), href: paths.clients },
          { name: t('clients.profileTitle'), href: clientPath(id) },
        ]}
      />
      <Text color="fg.muted">{t('clients.profileEmpty')}</Text>
    </>
  );
}

export default ClientProfileScreen;
