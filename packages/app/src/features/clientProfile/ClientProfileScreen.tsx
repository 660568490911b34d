import { Grid, Stack } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { LiveAnnouncer } from '../../core/liveCues/index.ts';
import { useAtomValue } from '../../state/jotai.ts';
import { ActivitySection } from './activity/ActivitySection.tsx';
import { AssessmentsSection } from './assessments/AssessmentsSection.tsx';
import { ClientNotFound } from './ClientNotFound.tsx';
import { IndicatorsSection } from './charts/IndicatorsSection.tsx';
import { PhaseComparisonSection } from './charts/PhaseComparisonSection.tsx';
import { EpisodesSection } from './episodes/EpisodesSection.tsx';
import { ExercisesSection } from './exercises/ExercisesSection.tsx';
import { FollowUpSection } from './followUp/FollowUpSection.tsx';
import { ProfileHeader } from './header/ProfileHeader.tsx';
import { MessagesSection } from './messages/MessagesSection.tsx';
import { ReflectionsSection } from './reflections/ReflectionsSection.tsx';
import { ReportsSection } from './reports/ReportsSection.tsx';
import { summaryFactsAtoms } from './shared/profileSummaryAtoms.ts';
import { TimelineSection } from './timeline/TimelineSection.tsx';

/**
 * A client's profile ('/clients/:id', requirements R2.9): who the client is and how their
 * journey goes, section by section; each section loads and fails on its own. A client that is
 * not this coach's (the server's 404) shows the not-found state and nothing else; the messages
 * with the client are a section of their own, the planned follow-up one, the client's stretches
 * of needing attention one, and the coach's notes with their messages and actions one timeline. Live messages about the client read its sections
 * again in place; what changed shows the live cue.
 */
export function ClientProfileScreen() {
  const { id = '' } = useParams();
  // The summary's facts, not the summary: its new figures render the header alone.
  const facts = summaryFactsAtoms(id);
  const isNotFound = useAtomValue(facts.isNotFound);
  // The client's zone, for times on their clock; until the header has loaded, lists show dates.
  const timeZone = useAtomValue(facts.timeZone);
  if (isNotFound) return <ClientNotFound clientId={id} />;
  return (
    <Stack gap="6" data-client-id={id}>
      <ProfileHeader clientId={id} />
      <IndicatorsSection clientId={id} />
      <PhaseComparisonSection clientId={id} />
      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="6" alignItems="start">
        <ActivitySection clientId={id} timeZone={timeZone} />
        <ExercisesSection clientId={id} timeZone={timeZone} />
        <ReflectionsSection clientId={id} timeZone={timeZone} />
        <AssessmentsSection clientId={id} />
      </Grid>
      <FollowUpSection clientId={id} />
      <EpisodesSection clientId={id} />
      <MessagesSection key={id} clientId={id} />
      <ReportsSection clientId={id} />
      <TimelineSection key={`timeline:${id}`} clientId={id} />
      <LiveAnnouncer />
    </Stack>
  );
}

export default ClientProfileScreen;
