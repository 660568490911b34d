import { Stack, Text } from '@chakra-ui/react';
import { Button, toast } from '@coach/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLogOut } from 'react-icons/lu';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';

export type EndOtherSessionsProps = {
  /** Sessions of the account open elsewhere. */
  otherSessions: number;
  /** Read the events again once the other sessions ended. */
  onEnded: () => void;
};

/**
 * How many sessions are open elsewhere, and 'Sign out of all other sessions' (disabled when none
 * is; the count is its description, so a screen reader says why).
 */
export function EndOtherSessions({ otherSessions, onEnded }: EndOtherSessionsProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const countId = useId();
  const [isEnding, setIsEnding] = useState(false);

  const handleEnd = async () => {
    setIsEnding(true);
    try {
      const { ended } = await api.auth.endOtherSessions();
      toast.success(
        ended === 0
          ? t('settings.security.endedNone')
          : t('settings.security.ended', { count: ended }),
      );
      onEnded();
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('settings.security.endFailed')));
    } finally {
      setIsEnding(false);
    }
  };

  return (
    <Stack gap="3" align="flex-start">
      <Text id={countId}>
        {otherSessions === 0
          ? t('settings.security.noOtherSessions')
          : t('settings.security.otherSessions', { count: otherSessions })}
      </Text>
      <Button
        variant="secondary"
        icon={<LuLogOut aria-hidden />}
        isLoading={isEnding}
        aria-busy={isEnding}
        disabled={otherSessions === 0}
        aria-describedby={countId}
        onClick={handleEnd}
      >
        {t('settings.security.endOthers')}
      </Button>
    </Stack>
  );
}
