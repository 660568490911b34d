import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { SecurityEvent } from '@coach/api';
import type { SecurityEventKind } from '@coach/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LuFingerprint,
  LuKeyRound,
  LuListRestart,
  LuLogIn,
  LuLogOut,
  LuMailWarning,
  LuShieldAlert,
  LuSmartphone,
} from 'react-icons/lu';
import { useLocale } from '../../../i18n/locale.ts';
import { formatEventTime, securityEventSentence } from './securityEventSentence.ts';

const icons: Record<SecurityEventKind, ReactNode> = {
  signIn: <LuLogIn aria-hidden />,
  passkeyAdded: <LuFingerprint aria-hidden />,
  passkeyRemoved: <LuFingerprint aria-hidden />,
  authenticatorAdded: <LuSmartphone aria-hidden />,
  authenticatorRemoved: <LuSmartphone aria-hidden />,
  recoveryCodesRegenerated: <LuListRestart aria-hidden />,
  passwordChanged: <LuKeyRound aria-hidden />,
  sessionEnded: <LuLogOut aria-hidden />,
  otherSessionsEnded: <LuLogOut aria-hidden />,
  secondFactorFailed: <LuShieldAlert aria-hidden />,
  securityLinkUsed: <LuMailWarning aria-hidden />,
};

/** The kinds a coach should look at twice: shown in the warning colour. */
const isWarning = (kind: SecurityEventKind) =>
  kind === 'secondFactorFailed' || kind === 'securityLinkUsed';

export type SecurityEventListProps = {
  events: readonly SecurityEvent[];
  /** The id of the heading that names the list. */
  labelledBy: string;
};

/**
 * The account's security events, newest first: what happened in a sentence, the browser it came
 * from and when, in the coach's language; this session's sign-in marked.
 */
export function SecurityEventList({ events, labelledBy }: SecurityEventListProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack
      as="ul"
      aria-labelledby={labelledBy}
      gap="0"
      listStyleType="none"
      borderWidth="thin"
      borderRadius="md"
    >
      {events.map((event, index) => (
        <HStack
          as="li"
          key={event.id}
          gap="4"
          align="flex-start"
          paddingBlock="3"
          paddingInline="4"
          borderTopWidth={index === 0 ? '0' : 'thin'}
        >
          <Box
            paddingBlockStart="1"
            color={isWarning(event.kind) ? 'warning.fg' : 'fg.muted'}
            flexShrink="0"
          >
            {icons[event.kind]}
          </Box>
          <Box flex="1" minWidth="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">{securityEventSentence(event, t, locale)}</Text>
              {event.isThisSession ? (
                <Badge bg="success.subtle" color="success.fg">
                  {t('settings.security.thisSession')}
                </Badge>
              ) : null}
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {event.browser ?? t('settings.security.unknownBrowser')}
              {' · '}
              <time dateTime={event.at}>{formatEventTime(event.at, locale)}</time>
            </Text>
          </Box>
        </HStack>
      ))}
    </Stack>
  );
}
