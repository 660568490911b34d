import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { shownMessageText } from '@coach/domain';
import { Button } from '@coach/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { FollowUpModal, type OpenFollowUpFacts } from './FollowUpModal.tsx';
import { followUpAtoms } from './followUpAtoms.ts';
import { useFollowUpActions } from './useFollowUpActions.ts';

export type FollowUpSectionProps = { clientId: string };

/**
 * The client's follow-up: when the coach means to check in again and why, flagged once the day has
 * come; set one, move it, mark it done or drop it.
 */
export function FollowUpSection({ clientId }: FollowUpSectionProps) {
  const { t } = useTranslation();
  return (
    <ProfileSection
      title={t('clientProfile.followUp.title')}
      resource={followUpAtoms}
      clientId={clientId}
      failedText={t('clientProfile.followUp.loadFailed')}
    >
      {({ open }) => <OpenFollowUp clientId={clientId} open={open} />}
    </ProfileSection>
  );
}

/** What an open follow-up shows: the follow-up's, or the profile summary's part of it. */

type OpenFollowUpProps = {
  clientId: string;
  open: OpenFollowUpFacts | null;
  /** Counts the asks to set or move it from a key (Alt+F): each opens the form. */
  editRequest?: number;
};

/** The open follow-up (or none) with its actions: set or move it, mark it done, drop it. */
export function OpenFollowUp({ clientId, open, editRequest = 0 }: OpenFollowUpProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { endFollowUp } = useFollowUpActions(clientId);
  const [isEditing, setIsEditing] = useState(false);
  const [ending, setEnding] = useState<'done' | 'dropped' | null>(null);
  useEffect(() => {
    if (editRequest > 0) setIsEditing(true);
  }, [editRequest]);

  const handleEnd = async (how: 'done' | 'dropped') => {
    setEnding(how);
    await endFollowUp(how);
    setEnding(null);
  };

  return (
    <Stack gap="3">
      {open ? (
        <HStack gap="3" align="baseline" wrap="wrap">
          {open.isDue ? (
            <Badge bg="warning.subtle" color="warning.fg" size="md">
              {t('clientProfile.followUp.due')}
            </Badge>
          ) : null}
          <Text fontWeight={open.isDue ? 'semibold' : 'normal'} whiteSpace="pre-wrap" minWidth="0">
            {t('clientProfile.followUp.open', {
              date: createProfileFormats(locale).fullDate(open.dueDate),
              // The coach's own text, shown as messages are: nothing in it reorders the line.
              reason: shownMessageText(open.reason),
            })}
          </Text>
        </HStack>
      ) : (
        <Text color="fg.muted">{t('clientProfile.followUp.none')}</Text>
      )}
      <HStack gap="2" wrap="wrap">
        <Button
          variant={open ? 'secondary' : 'primary'}
          size="sm"
          onClick={() => setIsEditing(true)}
          disabled={ending !== null}
        >
          {t(open ? 'clientProfile.followUp.move' : 'clientProfile.followUp.set')}
        </Button>
        {open ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              isLoading={ending === 'done'}
              disabled={ending !== null}
              onClick={() => void handleEnd('done')}
            >
              {t('clientProfile.followUp.done')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              isLoading={ending === 'dropped'}
              disabled={ending !== null}
              onClick={() => void handleEnd('dropped')}
            >
              {t('clientProfile.followUp.drop')}
            </Button>
          </>
        ) : null}
      </HStack>
      <FollowUpModal
        clientId={clientId}
        open={open}
        isOpen={isEditing}
        onClose={() => setIsEditing(false)}
      />
    </Stack>
  );
}
