import { Checkbox, chakra, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CoachSettings } from '@coach/api';
import { knownTimeZones, morningMailHourBounds } from '@coach/domain';
import { Button, Select, toast } from '@coach/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMail } from 'react-icons/lu';
import { coachSettingsAtom, coachSettingsLoadableAtom } from '../../../core/coachSettings/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { LoadedContent } from '../LoadedContent.tsx';

/** The hours a coach may choose, as the locale writes them ('7:00 AM', '07:00'). */
function hourItems(locale: string) {
  const format = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const hours: { value: string; label: string }[] = [];
  for (let hour = morningMailHourBounds.min; hour <= morningMailHourBounds.max; hour += 1) {
    hours.push({ value: String(hour), label: format.format(Date.UTC(2026, 0, 1, hour)) });
  }
  return hours;
}

type MorningMailFormProps = { settings: CoachSettings };

/** The form: the switch, the hour and the timezone, saved together. */
function MorningMailForm({ settings }: MorningMailFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const api = useCoachApi();
  const updateSettings = useSetAtom(coachSettingsAtom);
  const [isMorningMailOn, setIsMorningMailOn] = useState(settings.isMorningMailOn);
  const [hour, setHour] = useState(String(settings.morningMailHour));
  const [timezone, setTimezone] = useState(settings.timezone);
  const [isSaving, setIsSaving] = useState(false);
  const hours = useMemo(() => hourItems(locale), [locale]);
  const zones = useMemo(() => {
    const known = knownTimeZones();
    // A zone this browser does not list (an older one) stays choosable as it is.
    const listed = known.includes(settings.timezone) ? known : [settings.timezone, ...known];
    return listed.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  }, [settings.timezone]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    try {
      const saved = await api.account.updateCoachSettings({
        timezone,
        isMorningMailOn,
        morningMailHour: Number(hour),
      });
      updateSettings(saved);
      toast.success(t('settings.morningMailSaved'));
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('settings.morningMailSaveFailed')));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <chakra.form onSubmit={handleSubmit} noValidate aria-labelledby="settings-morning-mail-title">
      <Stack gap="5" maxWidth="40rem" align="flex-start">
        <Heading as="h2" id="settings-morning-mail-title" fontSize="xl" fontWeight="semibold">
          {t('settings.morningMailTitle')}
        </Heading>
        <Text color="fg.muted">{t('settings.morningMailHint')}</Text>
        <Checkbox.Root
          checked={isMorningMailOn}
          onCheckedChange={(details) => setIsMorningMailOn(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('settings.morningMailOn')}</Checkbox.Label>
        </Checkbox.Root>
        <SimpleGrid columns={2} gap="5" width="full">
          <Select
            label={t('settings.morningMailHour')}
            items={hours}
            value={hour}
            onValueChange={setHour}
            disabled={!isMorningMailOn}
          />
          <Select
            label={t('settings.timezone')}
            items={zones}
            value={timezone}
            onValueChange={setTimezone}
          />
        </SimpleGrid>
        <Button
          type="submit"
          variant="secondary"
          icon={<LuMail aria-hidden />}
          isLoading={isSaving}
        >
          {t('settings.saveMorningMail')}
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** The morning attention mail in Settings: loaded apart from the profile, saved on its own. */
export function MorningMailSection() {
  const { t } = useTranslation();
  const settings = useAtomValue(coachSettingsLoadableAtom);
  const updateSettings = useSetAtom(coachSettingsAtom);
  return (
    <LoadedContent
      loadable={settings}
      failedMessage={t('settings.morningMailLoadFailed')}
      onRetry={() => updateSettings('refresh')}
      size="sm"
    >
      {(data) => <MorningMailForm settings={data} />}
    </LoadedContent>
  );
}
