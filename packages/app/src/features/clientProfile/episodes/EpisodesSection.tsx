import { List, Stack, Text } from '@chakra-ui/react';
import { createAttentionFormats } from '@coach/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { episodesAtoms } from './episodesAtoms.ts';
import { describeEpisode } from './episodeWords.ts';

export type EpisodesSectionProps = { clientId: string };

/**
 * Whether reaching out helped, for this client: each stretch of needing attention, newest first,
 * in words ('Mental 62% for 3 days · you wrote after 5 h · back above 70% 4 days later'), with the
 * day it started. Open ones are aged at the answer's instant.
 */
export function EpisodesSection({ clientId }: EpisodesSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const startDate = useMemo(
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    [locale],
  );
  return (
    <ProfileSection
      title={t('clientProfile.episodes.title')}
      resource={episodesAtoms}
      clientId={clientId}
      failedText={t('clientProfile.episodes.failed')}
    >
      {({ items, generatedAt }) => {
        if (items.length === 0) {
          return <Text color="fg.muted">{t('clientProfile.episodes.none')}</Text>;
        }
        const now = new Date(generatedAt);
        const formats = createAttentionFormats(locale, now);
        return (
          <List.Root gap="3" listStyleType="none" data-testid="attention-episodes">
            {items.map((episode) => (
              <List.Item key={episode.id}>
                <Stack gap="0.5">
                  <Text textStyle="sm" color="fg.muted">
                    <time dateTime={episode.startedAt}>
                      {t('clientProfile.episodes.started', {
                        date: startDate.format(new Date(episode.startedAt)),
                      })}
                    </time>
                  </Text>
                  <Text>{describeEpisode(episode, now, t, formats)}</Text>
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        );
      }}
    </ProfileSection>
  );
}
