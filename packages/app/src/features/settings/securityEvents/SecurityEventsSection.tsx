import { Heading, Stack, Text } from '@chakra-ui/react';
import { LoadingPlaceholder } from '@coach/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../errors/LoadFailedAlert.tsx';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { EndOtherSessions } from './EndOtherSessions.tsx';
import { SecurityEventList } from './SecurityEventList.tsx';
import { securityEventsAtom, securityEventsLoadableAtom } from './securityEventsAtom.ts';

const titleId = 'settings-security-title';

/**
 * 'Recent security activity' in Settings (issue 64): the account's sign-ins and changes to its
 * sign-in methods, newest first, and 'Sign out of all other sessions'.
 */
export function SecurityEventsSection() {
  const { t } = useTranslation();
  const loadable = useAtomValue(securityEventsLoadableAtom);
  const refresh = useSetAtom(securityEventsAtom);
  // What happened elsewhere since: the next visit of Settings reads the events afresh (marked
  // when this one ends, so the first visit reads them once).
  useEffect(() => () => refresh('refresh'), [refresh]);
  return (
    <Stack gap="5" maxWidth="40rem" as="section" aria-labelledby={titleId}>
      <Stack gap="2">
        <Heading as="h2" id={titleId} fontSize="xl" fontWeight="semibold">
          {t('settings.security.title')}
        </Heading>
        <Text color="fg.muted">{t('settings.security.hint')}</Text>
      </Stack>
      {loadable.state === 'loading' ? (
        <LoadingPlaceholder variant="text" lines={4} label={t('app.loading')} />
      ) : null}
      {loadable.state === 'hasError' ? (
        <LoadFailedAlert
          message={t('settings.security.loadFailed')}
          error={loadable.error}
          onRetry={() => refresh('refresh')}
        />
      ) : null}
      {loadable.state === 'hasData' ? (
        <>
          <EndOtherSessions
            otherSessions={loadable.data.otherSessions}
            onEnded={() => refresh('refresh')}
          />
          {loadable.data.events.length === 0 ? (
            <Text>{t('settings.security.empty')}</Text>
          ) : (
            <SecurityEventList events={loadable.data.events} labelledBy={titleId} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
