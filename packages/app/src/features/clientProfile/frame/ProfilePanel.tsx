import { Stack } from '@chakra-ui/react';
import { LoadingPlaceholder } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { OpenFollowUp } from '../followUp/FollowUpSection.tsx';
import { MessagesSection } from '../messages/MessagesSection.tsx';
import { profileSummaryAtoms } from '../shared/profileSummaryAtoms.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { useClientResource } from '../shared/useClientResource.ts';
import { TimelineSection } from '../timeline/TimelineSection.tsx';

/** Counts of the asks to act from a key, the queue or a link: each one focuses its place. */
export type PanelRequests = { message: number; note: number; followUp: number };

export type ProfilePanelProps = { clientId: string; requests: PanelRequests };

/**
 * What the coach acts with, beside the record and in view as it scrolls: the open follow-up
 * (from the summary, no call of its own), the messages (a short thread over the composer) and
 * the notes and history (a note's field at once, the timeline below).
 */
export function ProfilePanel({ clientId, requests }: ProfilePanelProps) {
  return (
    <Stack gap="4">
      <PanelFollowUp clientId={clientId} editRequest={requests.followUp} />
      <MessagesSection
        key={clientId}
        clientId={clientId}
        threadHeight="11rem"
        focusRequest={requests.message}
      />
      <TimelineSection
        key={`timeline:${clientId}`}
        clientId={clientId}
        focusRequest={requests.note}
      />
    </Stack>
  );
}

type PanelFollowUpProps = { clientId: string; editRequest: number };

/** The open follow-up the summary carries, with its actions. */
function PanelFollowUp({ clientId, editRequest }: PanelFollowUpProps) {
  const { t } = useTranslation();
  const [summary, retry] = useClientResource(profileSummaryAtoms, clientId);
  const title = t('clientProfile.followUp.title');
  return (
    <SectionCard title={title} isCompact isBusy={summary.state === 'loading'}>
      {summary.state === 'hasData' ? (
        <OpenFollowUp clientId={clientId} open={summary.data.followUp} editRequest={editRequest} />
      ) : summary.state === 'loading' ? (
        <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={2} />
      ) : (
        <SectionFailed
          message={t('clientProfile.followUp.loadFailed')}
          error={summary.error}
          onRetry={retry}
          isRetriedWhenOnline={false}
        />
      )}
    </SectionCard>
  );
}
