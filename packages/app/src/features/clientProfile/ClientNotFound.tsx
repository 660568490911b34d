import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { TextLink } from '../../core/layout/index.ts';
import { clientPath, paths } from '../../core/navigation/index.ts';
import { ScreenHeader } from '../../core/screenHeader/index.ts';

/**
 * A client id that does not exist or is not this coach's: the server answers 404 and the screen
 * says so, with the way back; nothing of any client is shown.
 */
export function ClientNotFound({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader
        icon={<LuUsers />}
        breadcrumb={[
          { name: t('clients.title'), href: paths.clients },
          { name: t('profile.notFoundTitle'), href: clientPath(clientId) },
        ]}
      />
      <Stack gap="3" align="flex-start" role="status">
        <Text>{t('profile.notFoundText')}</Text>
        <TextLink to={paths.clients}>{t('profile.backToClients')}</TextLink>
      </Stack>
    </>
  );
}
