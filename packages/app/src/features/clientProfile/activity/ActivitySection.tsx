import { List, Stack } from '@chakra-ui/react';
import type { ActivityPage } from '@coach/api';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { EmptyNote } from '../shared/EmptyNote.tsx';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { ShowMore } from '../shared/ShowMore.tsx';
import { type ActivityFilter, ActivityKindFilter } from './ActivityKindFilter.tsx';
import { ActivityRow } from './ActivityRow.tsx';
import { activityAtoms } from './activityAtoms.ts';
import { useActivityPages } from './useActivityPages.ts';

export type ActivitySectionProps = { clientId: string; timeZone: string | null };

/** Assessments, reflections and exercises, newest first, filtered by kind, paged. */
export function ActivitySection({ clientId, timeZone }: ActivitySectionProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ActivityFilter>('all');
  return (
    <ProfileSection
      title={t('profile.activity.title')}
      resource={activityAtoms}
      clientId={clientId}
      failedText={t('profile.failed.surveys')}
      actions={<ActivityKindFilter value={filter} onChange={setFilter} />}
    >
      {(page) => (
        <ActivityList clientId={clientId} first={page} filter={filter} timeZone={timeZone} />
      )}
    </ProfileSection>
  );
}

type ActivityListProps = {
  clientId: string;
  first: ActivityPage;
  filter: ActivityFilter;
  timeZone: string | null;
};

function ActivityList({ clientId, first, filter, timeZone }: ActivityListProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formats = useMemo(() => createProfileFormats(locale), [locale]);
  const pages = useActivityPages(clientId, first);
  // The endpoint pages every kind together: the filter narrows what has been loaded, and
  // 'Show more' reaches further back.
  const shown = filter === 'all' ? pages.items : pages.items.filter((item) => item.kind === filter);
  if (pages.items.length === 0) return <EmptyNote>{t('profile.activity.empty')}</EmptyNote>;
  return (
    <Stack gap="3" align="stretch">
      {shown.length === 0 ? (
        <EmptyNote>
          {t('profile.activity.emptyKind', {
            kind: filter === 'all' ? '' : t(`profile.activity.kinds.${filter}`).toLowerCase(),
          })}
        </EmptyNote>
      ) : (
        <List.Root as="ol" listStyle="none" aria-label={t('profile.activity.list')}>
          {shown.map((item) => (
            <ActivityRow
              key={`${item.kind}-${item.id}`}
              item={item}
              timeZone={timeZone}
              formats={formats}
            />
          ))}
        </List.Root>
      )}
      <ShowMore
        pages={pages}
        failedText={t('profile.activity.moreFailed')}
        label={t('profile.activity.showMore')}
      />
    </Stack>
  );
}
