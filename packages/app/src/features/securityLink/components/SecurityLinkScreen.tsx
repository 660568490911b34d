import { Heading, Stack, Text } from '@chakra-ui/react';
import { Button, LoadingPlaceholder } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { TextLink } from '../../../core/layout/index.ts';
import { paths } from '../../../core/navigation/index.ts';
import { describeTooManyAttempts } from '../../../errors/tooManyAttempts.ts';
import { useSecurityLink } from '../hooks/useSecurityLink.ts';
import type { SecurityLinkProblem } from '../securityLinkProblem.ts';

type SecurityLinkProps = { token: string };

/** One link: ending the sessions (then on to the reset), or why it did not. */
function SecurityLink({ token }: SecurityLinkProps) {
  const { t } = useTranslation();
  const { problem, retry } = useSecurityLink(token);
  if (problem) return <SecurityLinkFailed problem={problem} onRetry={retry} />;
  return (
    <Stack gap="6">
      <Heading as="h1" fontSize="2xl" fontWeight="semibold">
        {t('securityLink.title')}
      </Heading>
      <LoadingPlaceholder variant="text" lines={3} label={t('securityLink.working')} />
    </Stack>
  );
}

type SecurityLinkFailedProps = { problem: SecurityLinkProblem; onRetry: () => void };

/** Expired or used: say so, and the way to sign in. No verdict: the reason and a retry. */
function SecurityLinkFailed({ problem, onRetry }: SecurityLinkFailedProps) {
  const { t } = useTranslation();
  if (problem.kind === 'expired') return <SecurityLinkExpired />;
  return (
    <Stack gap="4" align="flex-start" role="alert">
      <Heading as="h1" fontSize="2xl" fontWeight="semibold">
        {t('securityLink.failed')}
      </Heading>
      <Text color="fg.muted">
        {problem.kind === 'tooManyAttempts'
          ? describeTooManyAttempts(problem.refusal, t)
          : t('errors.serverUnreachable')}
      </Text>
      <Button icon={<LuRefreshCw aria-hidden />} onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Stack>
  );
}

function SecurityLinkExpired() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" align="flex-start">
      <Heading as="h1" fontSize="2xl" fontWeight="semibold">
        {t('securityLink.expired')}
      </Heading>
      <Text color="fg.muted">{t('securityLink.expiredHint')}</Text>
      <TextLink to={paths.root}>{t('securityLink.toSignIn')}</TextLink>
    </Stack>
  );
}

/**
 * A security notice's 'it was not me' link ('/secure?token=...', issue 64), reached signed out
 * and signed in: the server ends every session of the account and mails a reset code; this tab
 * forgets its session and goes on to the reset's code step, where the coach chooses a new
 * password. An expired or used link says so, with the way to sign in. The token is never logged.
 */
export function SecurityLinkScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  if (!token) return <SecurityLinkExpired />;
  // A new token in the address is a new link.
  return <SecurityLink key={token} token={token} />;
}

export default SecurityLinkScreen;
