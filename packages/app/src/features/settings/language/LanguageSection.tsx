import { Heading, Stack, Text } from '@chakra-ui/react';
import type { CoachSettings } from '@coach/api';
import { coachLanguages, isOneOf } from '@coach/domain';
import { Select, toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coachSettingsAtom, coachSettingsLoadableAtom } from '../../../core/coachSettings/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { languageNames } from './languageNames.ts';

const items = coachLanguages.map((language) => ({
  value: language,
  label: languageNames[language],
}));

type LanguageSelectProps = { settings: CoachSettings };

/** The choice, saved as soon as it is made; the app then speaks it at once. */
function LanguageSelect({ settings }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const api = useCoachApi();
  const updateSettings = useSetAtom(coachSettingsAtom);
  const [isSaving, setIsSaving] = useState(false);

  // What the coach sees: the app's language. It is the saved one once chosen (applied after each
  // sign-in), and the detected one while the coach keeps the default (see afterSignIn.ts).
  const shown = isOneOf(coachLanguages, i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : settings.language;

  const handleChange = async (value: string) => {
    if (!isOneOf(coachLanguages, value) || value === shown) return;
    setIsSaving(true);
    try {
      // The stored mail settings go with it unchanged (the call takes them all).
      const saved = await api.account.updateCoachSettings({
        timezone: settings.timezone,
        isMorningMailOn: settings.isMorningMailOn,
        morningMailHour: settings.morningMailHour,
        language: value,
      });
      updateSettings(saved);
      await i18n.changeLanguage(saved.language);
      // Said in the language just chosen.
      toast.success(i18n.t('settings.languageSaved'));
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('settings.languageSaveFailed')));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Select
      label={t('settings.language')}
      items={items}
      value={shown}
      onValueChange={(value) => void handleChange(value)}
      disabled={isSaving}
    />
  );
}

/**
 * The coach's language in Settings: the app's screens, their mails and their reports. Shown once
 * the settings have loaded; their failure is said (with its retry) by the morning mail section.
 */
export function LanguageSection() {
  const { t } = useTranslation();
  const settings = useAtomValue(coachSettingsLoadableAtom);
  return (
    <Stack as="section" gap="5" maxWidth="40rem" aria-labelledby="settings-language-title">
      <Heading as="h2" id="settings-language-title" fontSize="xl" fontWeight="semibold">
        {t('settings.languageTitle')}
      </Heading>
      <Text color="fg.muted">{t('settings.languageHint')}</Text>
      {settings.state === 'hasData' ? (
        <Stack maxWidth="20rem">
          <LanguageSelect settings={settings.data} />
        </Stack>
      ) : null}
    </Stack>
  );
}
