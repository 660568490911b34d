import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuSettings } from 'react-icons/lu';
import { paths } from '../../../routes/paths.ts';
import { ScreenHeader } from '../../layout/components/ScreenHeader.tsx';

/** The settings screen. The profile and password forms come with the settings issue. */
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader
        icon={<LuSettings />}
        breadcrumb={[{ name: t('settings.title'), href: paths.settings }]}
      />
      <Text color="fg.muted">{t('settings.empty')}</Text>
    </>
  );
}

export default SettingsScreen;
