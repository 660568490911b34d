import { Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { LoadedContent } from '../LoadedContent.tsx';
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
      <LoadedContent
        loadable={loadable}
        failedMessage={t('settings.security.loadFailed')}
        onRetry={() => refresh('refresh')}
      >
        {(data) => (
          <>
            <EndOtherSessions
              otherSessions={data.otherSessions}
              onEnded={() => refresh('refresh')}
            />
            {data.events.length === 0 ? (
              <Text>{t('settings.security.empty')}</Text>
            ) : (
              <SecurityEventList events={data.events} labelledBy={titleId} />
            )}
          </>
        )}
      </LoadedContent>
    </Stack>
  );
}
