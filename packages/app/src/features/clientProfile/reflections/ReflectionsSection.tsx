import { List, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { EmptyNote } from '../shared/EmptyNote.tsx';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { reflectionsAtoms } from './reflectionsAtoms.ts';
import { useWindowName } from './useWindowName.ts';

export type ReflectionsSectionProps = { clientId: string; timeZone: string | null };

/** The client's reflections, newest first: answers, window, time on the client's clock. */
export function ReflectionsSection({ clientId, timeZone }: ReflectionsSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formats = useMemo(() => createProfileFormats(locale), [locale]);
  const windowName = useWindowName();
  return (
    <ProfileSection
      title={t('profile.reflections.title')}
      resource={reflectionsAtoms}
      clientId={clientId}
      failedText={t('profile.failed.surveys')}
    >
      {({ reflections: list }) =>
        list.length === 0 ? (
          <EmptyNote>{t('profile.reflections.empty')}</EmptyNote>
        ) : (
          <List.Root
            listStyle="none"
            maxHeight="24rem"
            overflowY="auto"
            tabIndex={0}
            aria-label={t('profile.reflections.title')}
          >
            {list.map((reflection) => (
              <List.Item
                key={reflection.id}
                paddingBlock="2"
                borderBottomWidth="1px"
                borderColor="border"
              >
                <Stack gap="0.5">
                  <Text fontWeight="medium">
                    {t(`profile.reflectionTypes.${reflection.type}`)}
                    {' · '}
                    {t('profile.reflections.window', { window: windowName(reflection.window) })}
                  </Text>
                  <Text textStyle="sm">
                    {t('profile.reflections.answers', {
                      productivity: reflection.productivity,
                      mental: reflection.mental,
                      physical: reflection.physical,
                    })}
                  </Text>
                  {reflection.note ? (
                    <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                      {reflection.note}
                    </Text>
                  ) : null}
                  <Text textStyle="xs" color="fg.muted">
                    {timeZone
                      ? t('profile.reflections.clientTime', {
                          time: formats.clientDateTime(reflection.answeredAt, timeZone),
                        })
                      : formats.fullDate(reflection.localDate)}
                  </Text>
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        )
      }
    </ProfileSection>
  );
}
