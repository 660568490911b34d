import { Box } from '@chakra-ui/react';
import { messagingLimits } from '@coach/domain';
import { Button, LoadingPlaceholder, MessageComposer, MessageThread, toast } from '@coach/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2 } from 'react-icons/lu';
import { useCoachTimeZone } from '../../../core/coachSettings/index.ts';
import { liveMessagesAtom } from '../../../core/live/index.ts';
import { useLiveChanges } from '../../../core/liveCues/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { OptionalFollowUp } from '../followUp/OptionalFollowUp.tsx';
import { summaryFactsAtoms } from '../shared/profileSummaryAtoms.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { useMinuteClock } from '../shared/useMinuteClock.ts';
import { threadAtoms } from './threadAtoms.ts';
import { isDeletable, toThreadMessages } from './threadView.ts';
import { useMarkThreadRead } from './useMarkThreadRead.ts';
import { useMessageFollowUp } from './useMessageFollowUp.ts';
import { useOlderMessages } from './useOlderMessages.ts';
import { useQuickReplyItems } from './useQuickReplyItems.ts';
import { useSendMessage } from './useSendMessage.ts';
import { useThreadMessages } from './useThreadMessages.ts';

/** The newest client message of a page: a new one is the section's live change. */
const newestFromClient = (page: { items: { id: string; author: string }[] }) =>
  new Map([['fromClient', page.items.find((message) => message.author === 'client')?.id ?? '']]);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export type MessagesSectionProps = {
  clientId: string;
  /** The thread's height: the profile's panel keeps it short, so the composer shows at once. */
  threadHeight?: string;
  /** Counts the asks to write (a key, the queue, a link to #messages): each focuses the composer. */
  focusRequest?: number;
};

/** Room for the composer and its follow-up, kept while the thread loads (no shift as it comes). */
const composerRoom = '13rem';

/**
 * The messages with the client: the thread (oldest at the top, days and times on the coach's
 * clock, older pages on demand), opened read up to the newest client message, and the composer
 * with the coach's quick replies and an optional 'Check in again on…' (set once the message is
 * stored). A client's message arriving live reads the newest page again, with the quiet cue and
 * one polite announcement.
 */
export function MessagesSection({
  clientId,
  threadHeight = '28rem',
  focusRequest = 0,
}: MessagesSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const api = useCoachApi();
  const now = useMinuteClock();
  const resource = threadAtoms(clientId);
  const state = useAtomValue(resource.loadable);
  const refresh = useSetAtom(resource.data);
  // The client's names alone, not the summary: its new figures do not render the thread again.
  const facts = summaryFactsAtoms(clientId);
  const clientName = useAtomValue(facts.name) ?? '';
  const firstName = useAtomValue(facts.firstName) ?? '';
  const newest = state.state === 'hasData' ? state.data : undefined;
  const older = useOlderMessages(clientId, newest);
  const sending = useSendMessage(clientId);
  const followUp = useMessageFollowUp(clientId);
  const stored = useThreadMessages(newest, older.messages, sending.sent);
  const quickReplies = useQuickReplyItems(firstName);
  useMarkThreadRead(clientId, newest);
  const section = useRef<HTMLDivElement>(null);
  const isLoaded = state.state === 'hasData';
  // The header above is whole once the summary has come (its name): the page scrolls to the
  // composer from where it stays, not from a header still loading.
  const isHeaderLoaded = clientName !== '';
  // Asked before the thread came, the composer takes the focus as it shows, under the newest
  // messages (a thread mounted hidden, in the panel's tab, could not scroll to them then).
  useEffect(() => {
    if (focusRequest === 0 || !isLoaded || !isHeaderLoaded) return;
    const thread = section.current?.querySelector('[role="log"]');
    if (thread) thread.scrollTop = thread.scrollHeight;
    section.current?.querySelector('textarea')?.focus();
  }, [focusRequest, isLoaded, isHeaderLoaded]);
  const live = useMemo(
    () => ({
      signaturesOf: newestFromClient,
      namesOf: () => (clientName === '' ? [] : [clientName]),
      source: liveMessagesAtom,
    }),
    [clientName],
  );
  const changes = useLiveChanges(newest, live);
  // Days and times on the coach's clock.
  const timeZone = useCoachTimeZone();
  const messages = useMemo(
    () => toThreadMessages(stored, sending.pending, { t, locale, timeZone, now, clientName }),
    [stored, sending.pending, t, locale, timeZone, now, clientName],
  );
  const deletable = useMemo(
    () => new Set(stored.filter((message) => isDeletable(message, now)).map(({ id }) => id)),
    [stored, now],
  );

  // A follow-up ticked beside the message is checked first and set once the message is stored.
  const handleSend = async (text: string) => {
    const chosen = await followUp.check();
    if (chosen === false) throw new Error('The follow-up is not valid');
    await sending.send(text);
    if (chosen) await followUp.set(chosen);
  };

  const handleDelete = async (messageId: string) => {
    try {
      sending.update(await api.messaging.deleteMessage(clientId, messageId));
    } catch {
      toast.error(t('messages.deleteFailed'));
    }
  };

  const title = t('messages.title');
  return (
    <Box ref={section} id="messages" display="contents">
      <SectionCard
        title={title}
        isBusy={state.state === 'loading'}
        cue={changes.keys.size > 0 ? changes.sequence : null}
      >
        {state.state === 'loading' ? (
          <Box minHeight={`calc(${threadHeight} + ${composerRoom})`} data-thread-room="">
            <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={3} />
          </Box>
        ) : state.state === 'hasError' ? (
          <SectionFailed
            message={t('messages.loadFailed')}
            error={state.error}
            onRetry={() => refresh('refresh')}
          />
        ) : (
          <>
            <MessageThread
              messages={messages}
              label={t('messages.threadLabel', { name: clientName })}
              emptyText={t('messages.empty')}
              deletedText={t('messages.deleted')}
              hasOlder={older.hasOlder}
              onLoadOlder={older.loadOlder}
              isLoadingOlder={older.isLoadingOlder}
              loadOlderLabel={
                older.hasOlderFailed ? t('messages.loadOlderFailed') : t('messages.loadOlder')
              }
              renderActions={(message) =>
                deletable.has(message.id) ? (
                  <Button
                    variant="ghost"
                    size="2xs"
                    icon={<LuTrash2 aria-hidden />}
                    aria-label={t('messages.deleteLabel', { time: message.timeLabel })}
                    onClick={() => void handleDelete(message.id)}
                  >
                    {t('messages.delete')}
                  </Button>
                ) : null
              }
              height={threadHeight}
            />
            <MessageComposer
              onSend={handleSend}
              label={t('messages.composerLabel', { name: clientName })}
              sendLabel={t('messages.send')}
              maxLength={messagingLimits.messageMaxLength}
              placeholder={t('messages.placeholder')}
              helper={isMac() ? t('messages.helperCmd') : t('messages.helperCtrl')}
              overLimitMessage={t('messages.overLimit', { max: messagingLimits.messageMaxLength })}
              error={sending.error}
              retryLabel={t('messages.retry')}
              quickReplies={quickReplies}
              quickRepliesLabel={t('messages.quickReplies')}
            />
            <OptionalFollowUp {...followUp.part} />
          </>
        )}
      </SectionCard>
    </Box>
  );
}
