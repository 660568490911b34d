import { List, Text } from '@chakra-ui/react';
import type { CoachAction } from '@coach/api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { coachActionsAtoms } from '../atoms/coachActionsAtoms.ts';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { formatActionDate } from './actionDate.ts';

export type CoachActionsSectionProps = { clientId: string };

/** One action in words: 'Moved to Grow by you on March 3'. */
function describeAction(action: CoachAction, t: TFunction, locale: string): string {
  const date = formatActionDate(action.at, locale, new Date());
  if (action.kind === 'phaseChanged') {
    const phase = action.toPhase ? t(`profileActions.phases.${action.toPhase}`) : '';
    return t('profileActions.actions.phaseChanged', { phase, date });
  }
  return t(`profileActions.actions.${action.kind}`, { date });
}

/**
 * "Who did what": the coach's own actions on this client (invite, phase changes, reports), newest
 * first, from the audit log.
 */
export function CoachActionsSection({ clientId }: CoachActionsSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ProfileSection
      title={t('profileActions.historyTitle')}
      resource={coachActionsAtoms}
      clientId={clientId}
      hasLiveCue={false}
      failedText={t('profileActions.historyFailed')}
    >
      {({ items }) =>
        items.length === 0 ? (
          <Text color="fg.muted">{t('profileActions.noHistory')}</Text>
        ) : (
          <List.Root gap="2" paddingInlineStart="5">
            {items.map((action) => (
              <List.Item key={action.id}>
                <time dateTime={action.at}>{describeAction(action, t, locale)}</time>
              </List.Item>
            ))}
          </List.Root>
        )
      }
    </ProfileSection>
  );
}
