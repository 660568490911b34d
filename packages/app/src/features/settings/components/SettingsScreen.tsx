import { Separator, Stack, Text } from '@chakra-ui/react';
import { Button, LoadingPlaceholder } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuSettings } from 'react-icons/lu';
import { paths } from '../../../routes/paths.ts';
import { useAtomValue } from '../../../state/jotai.ts';
import { ScreenHeader } from '../../layout/components/ScreenHeader.tsx';
import { currentProfileAtom } from '../../session/atoms/currentProfileAtom.ts';
import { useSettingsProfile } from '../hooks/useSettingsProfile.ts';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** Settings (spec point 2): the coach's profile form and 'Change password'. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { status, retry } = useSettingsProfile();
  const profile = useAtomValue(currentProfileAtom);
  return (
    <>
      <ScreenHeader
        icon={<LuSettings />}
        breadcrumb={[{ name: t('settings.title'), href: paths.settings }]}
      />
      {status === 'failed' ? (
        <Stack gap="3" align="flex-start" role="alert">
          <Text color="error.fg" fontWeight="medium">
            {t('settings.loadFailed')}
          </Text>
          <Button variant="secondary" onClick={retry}>
            {t('settings.retry')}
          </Button>
        </Stack>
      ) : status === 'loading' || !profile ? (
        <LoadingPlaceholder variant="text" lines={6} label={t('app.loading')} maxWidth="40rem" />
      ) : (
        <Stack gap="10">
          <ProfileForm key={profile.id} profile={profile} />
          <Separator maxWidth="40rem" />
          <ChangePasswordSection />
        </Stack>
      )}
    </>
  );
}

export default SettingsScreen;
