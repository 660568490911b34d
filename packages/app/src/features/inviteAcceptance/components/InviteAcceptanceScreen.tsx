import { Heading, Stack, Text } from '@chakra-ui/react';
import { LoadingPlaceholder } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeTooManyAttempts } from '../../../errors/tooManyAttempts.ts';
import { useInviteCheck } from '../hooks/useInviteCheck.ts';
import type { InviteClosedReason } from '../inviteProblem.ts';
import { InviteAccepted } from './InviteAccepted.tsx';
import { InviteCheckFailed } from './InviteCheckFailed.tsx';
import { InviteClosed } from './InviteClosed.tsx';
import { InviteForm } from './InviteForm.tsx';

type Outcome = { kind: 'accepted' } | { kind: 'closed'; reason: InviteClosedReason };

type InviteAcceptanceProps = { token: string };

/** One invite link: its check, then the form, then what came of it. */
function InviteAcceptance({ token }: InviteAcceptanceProps) {
  const { t } = useTranslation();
  const { state, retry } = useInviteCheck(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (state.status === 'checking') {
    return (
      <Stack gap="6">
        <Heading as="h1" fontSize="2xl" fontWeight="semibold">
          {t('inviteAcceptance.title')}
        </Heading>
        <LoadingPlaceholder variant="text" lines={6} label={t('inviteAcceptance.checking')} />
      </Stack>
    );
  }
  if (state.status === 'problem') {
    const { problem } = state;
    if (problem.kind === 'closed') return <InviteClosed reason={problem.reason} />;
    return (
      <InviteCheckFailed
        reason={
          problem.kind === 'tooManyAttempts'
            ? describeTooManyAttempts(problem.refusal, t)
            : undefined
        }
        onRetry={retry}
      />
    );
  }
  const { invite } = state;
  if (outcome?.kind === 'accepted') return <InviteAccepted email={invite.email} />;
  if (outcome?.kind === 'closed') return <InviteClosed reason={outcome.reason} isFocused />;
  return (
    <Stack gap="8">
      <Stack gap="2">
        <Heading as="h1" fontSize="2xl" fontWeight="semibold">
          {t('inviteAcceptance.title')}
        </Heading>
        <Text color="fg.muted">
          {invite.coachName
            ? t('inviteAcceptance.intro', { coachName: invite.coachName })
            : t('inviteAcceptance.introNoCoach')}
        </Text>
      </Stack>
      <InviteForm
        token={token}
        invite={invite}
        onAccepted={() => setOutcome({ kind: 'accepted' })}
        onClosed={(reason) => setOutcome({ kind: 'closed', reason })}
      />
    </Stack>
  );
}

/**
 * The public invite page ('/invite?token=...', decisions): reachable signed out and signed in. The
 * token is read from the address, which stays as it is (a reload checks it again), and is never
 * logged; the page shows the invite's check, the account form, and then that the account is ready
 * and is used from the client app (this app stays coach-only).
 */
export function InviteAcceptanceScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  if (!token) return <InviteClosed reason="missingToken" />;
  // A new token in the address is a new invite: nothing of the previous one is kept.
  return <InviteAcceptance key={token} token={token} />;
}

export default InviteAcceptanceScreen;
