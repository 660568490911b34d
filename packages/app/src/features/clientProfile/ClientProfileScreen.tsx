import { Box, Grid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProfileQueue } from '../../core/attentionQueue/index.ts';
import { LiveAnnouncer } from '../../core/liveCues/index.ts';
import { useAtomValue } from '../../state/jotai.ts';
import { ClientNotFound } from './ClientNotFound.tsx';
import { ProfileGroup } from './frame/ProfileGroup.tsx';
import { ProfileGroupTabs } from './frame/ProfileGroupTabs.tsx';
import { ProfilePanel } from './frame/ProfilePanel.tsx';
import { useProfileGroup } from './frame/useProfileGroup.ts';
import { useProfileRequests } from './frame/useProfileRequests.ts';
import { ProfileHeader } from './header/ProfileHeader.tsx';
import { summaryFactsAtoms } from './shared/profileSummaryAtoms.ts';

/**
 * A client's profile ('/clients/:id', requirements R2.9), laid out for acting (decision 0093):
 * the header (who, the phase, the figures, why the client needs attention now), then the record
 * in groups, one open at a time and named in the address ('/clients/:id/activity'), and beside it
 * a panel in view as the record scrolls: the follow-up, the messages and the notes and history.
 * Each section loads and fails on its own, a group's when it opens; the first view reads three
 * calls (the summary, the thread, the notes). A client that is not this coach's (the server's
 * 404) shows the not-found state and nothing else. Under 1024 px the panel folds into a tab.
 */
export function ClientProfileScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // The summary's facts, not the summary: its new figures render the header alone.
  const facts = summaryFactsAtoms(id);
  const isNotFound = useAtomValue(facts.isNotFound);
  // The client's zone, for times on their clock; until the header has loaded, lists show dates.
  const timeZone = useAtomValue(facts.timeZone);
  const group = useProfileGroup(id);
  const { requests, isPanelOpen, openPanel } = useProfileRequests(id);
  if (isNotFound) return <ClientNotFound clientId={id} />;
  // Under 1024 px one of the record and the panel shows, as the tabs say; from 1024 px both.
  const recordDisplay = { base: 'flex', lgDown: isPanelOpen ? 'none' : 'flex' };
  const panelDisplay = { base: 'block', lgDown: isPanelOpen ? 'block' : 'none' };
  return (
    <Grid
      data-client-id={id}
      templateColumns={{ base: 'minmax(0, 1fr) minmax(20rem, 26rem)', lgDown: '1fr' }}
      gap="6"
      alignItems="start"
    >
      <Stack gap="5" minWidth="0">
        <ProfileQueue clientId={id} />
        <ProfileHeader clientId={id} />
        <ProfileGroupTabs
          clientId={id}
          group={group}
          isPanelOpen={isPanelOpen}
          onOpenPanel={openPanel}
        />
        <Stack gap="6" display={recordDisplay}>
          <ProfileGroup clientId={id} group={group} timeZone={timeZone} />
        </Stack>
      </Stack>
      <Box
        as="aside"
        aria-label={t('clientProfile.panel.label')}
        display={panelDisplay}
        minWidth="0"
        position={{ base: 'sticky', lgDown: 'static' }}
        top="0"
        maxHeight={{ base: '100dvh', lgDown: 'none' }}
        overflowY={{ base: 'auto', lgDown: 'visible' }}
      >
        <ProfilePanel clientId={id} requests={requests} />
      </Box>
      <LiveAnnouncer />
    </Grid>
  );
}

export default ClientProfileScreen;
