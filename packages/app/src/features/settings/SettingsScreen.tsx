import { Separator, Stack } from '@chakra-ui/react';
import { LoadingPlaceholder } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuSettings } from 'react-icons/lu';
import { paths } from '../../core/navigation/index.ts';
import { ScreenHeader } from '../../core/screenHeader/index.ts';
import { currentProfileAtom } from '../../core/session/index.ts';
import { useAtomValue, useSetAtom } from '../../state/jotai.ts';
import { LoadedContent } from './LoadedContent.tsx';
import { LanguageSection } from './language/LanguageSection.tsx';
import { MorningMailSection } from './morningMail/MorningMailSection.tsx';
import { ChangePasswordSection } from './password/ChangePasswordSection.tsx';
import { ProfileForm } from './profile/ProfileForm.tsx';
import { personAtomFamily, personLoadableAtomFamily } from './profile/personAtomFamily.ts';
import { QuickRepliesSection } from './quickReplies/QuickRepliesSection.tsx';
import { SecurityEventsSection } from './securityEvents/SecurityEventsSection.tsx';
import { securityEventsAtom } from './securityEvents/securityEventsAtom.ts';
import { SignInMethodsSection } from './signInMethods/SignInMethodsSection.tsx';

type SettingsContentProps = { profileId: string };

/**
 * The coach's profile as the server holds it (read afresh), then the form, the password, the
 * sign-in methods, the recent security activity, the morning mail, the quick replies and the
 * language.
 */
function SettingsContent({ profileId }: SettingsContentProps) {
  const { t } = useTranslation();
  const profile = useAtomValue(personLoadableAtomFamily(profileId));
  const updateProfile = useSetAtom(personAtomFamily(profileId));
  // A change of the sign-in methods is a security event: the activity below shows it.
  const refreshSecurityEvents = useSetAtom(securityEventsAtom);
  return (
    <LoadedContent
      loadable={profile}
      failedMessage={t('settings.loadFailed')}
      onRetry={() => updateProfile('refresh')}
      lines={6}
    >
      {(data) => (
        <Stack gap="10">
          <ProfileForm profile={data} />
          <Separator maxWidth="40rem" />
          <ChangePasswordSection />
          <Separator maxWidth="40rem" />
          <SignInMethodsSection onChanged={() => refreshSecurityEvents('refresh')} />
          <Separator maxWidth="40rem" />
          <SecurityEventsSection />
          <Separator maxWidth="40rem" />
          <MorningMailSection />
          <Separator maxWidth="40rem" />
          <QuickRepliesSection />
          <Separator maxWidth="40rem" />
          <LanguageSection />
        </Stack>
      )}
    </LoadedContent>
  );
}

/**
 * Settings (requirements R2.10): the coach's profile form, 'Change password', the sign-in
 * methods (decision 73), the recent security activity (issue 64), the morning mail, the quick
 * replies and the language.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const profileId = useAtomValue(currentProfileAtom)?.id;
  return (
    <>
      <ScreenHeader
        icon={<LuSettings />}
        breadcrumb={[{ name: t('settings.title'), href: paths.settings }]}
      />
      {profileId ? (
        <SettingsContent key={profileId} profileId={profileId} />
      ) : (
        <LoadingPlaceholder variant="text" lines={6} label={t('app.loading')} maxWidth="40rem" />
      )}
    </>
  );
}

export default SettingsScreen;
