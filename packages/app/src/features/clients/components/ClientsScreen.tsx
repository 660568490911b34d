import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Button, type SortableTableSort } from '@coach/ui';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDownWideNarrow, LuListChecks, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { queueCount, useStartQueue } from '../../../core/attentionQueue/index.ts';
import { createClientFormats } from '../../../core/clientFormats/index.ts';
import {
  type ClientListView,
  type ClientRow,
  clientListAtom,
  clientRowsLoadableAtom,
  filterRows,
  followUpDueCount,
  isFiltered,
} from '../../../core/clientList/index.ts';
import { usePreloadScreenWhenIdle } from '../../../core/lazyScreens/index.ts';
import { liveListAtom } from '../../../core/live/index.ts';
import { LiveAnnouncer, useLiveChanges } from '../../../core/liveCues/index.ts';
import { clientPath, paths } from '../../../core/navigation/index.ts';
import { ScreenHeader } from '../../../core/screenHeader/index.ts';
import { shortcutLabel, useShortcutHandlers } from '../../../core/shortcuts/index.ts';
import { LoadFailedAlert } from '../../../errors/LoadFailedAlert.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { InviteClientButton, PendingInvites } from '../../invites/index.ts';
import { useClientListView } from '../hooks/useClientListView.ts';
import { useSlashFocuses } from '../hooks/useListKeyboard.ts';
import { cellSignatures, changedClientNames, isCellOfNamedClient } from '../liveCells.ts';
import { AttentionFiguresLine } from './AttentionFiguresLine.tsx';
import { ClientsTable, NoMatch } from './ClientsTable.tsx';
import { ClientsToolbar, ShownCount } from './ClientsToolbar.tsx';

const noRows: ClientRow[] = [];
/** The list's cells follow both kinds of live messages: figures and threads. */
const liveCells = {
  signaturesOf: cellSignatures,
  namesOf: changedClientNames,
  isNamed: isCellOfNamedClient,
  source: liveListAtom,
};

/** The spec's generic processing error for users (or the server out of reach), with a retry. */
function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const refresh = useSetAtom(clientListAtom);
  return (
    <LoadFailedAlert
      message={t('clients.loadFailed')}
      error={error}
      onRetry={() => refresh('refresh')}
    />
  );
}

/**
 * The screen's top line: the title and the filters in one wrapping row, in as few lines as the
 * width allows, with room for the queue's button (`ClientsToolbar`'s slot).
 */
function TopLine({ children }: { children: ReactNode }) {
  return (
    <Flex wrap="wrap" align="flex-end" columnGap="3" rowGap="2" marginBlockEnd="3">
      {children}
    </Flex>
  );
}

/**
 * 'Work through the queue (11)': opens the first client who needs attention, has a follow-up due
 * or an unread message in the list's view (its filter and order), the view kept for the queue's
 * next and previous; also 'q' outside a field. Disabled when nobody is in the queue.
 */
function QueueButton({ rows, view }: { rows: readonly ClientRow[]; view: ClientListView }) {
  const { t } = useTranslation();
  const startQueue = useStartQueue();
  const count = useMemo(() => queueCount(rows, view), [rows, view]);
  const start = () => {
    startQueue(rows, view);
  };
  useShortcutHandlers({ startQueue: start });
  return (
    <Button
      variant="secondary"
      icon={<LuListChecks />}
      disabled={count === 0}
      aria-keyshortcuts="Q"
      title={shortcutLabel('startQueue', t)}
      onClick={start}
    >
      {t('queue.start', { count })}
    </Button>
  );
}

/** 'Invite client' for this screen: a sent invite refreshes the list (the client appears there). */
function InviteButton({ children }: { children: string }) {
  const refresh = useSetAtom(clientListAtom);
  return <InviteClientButton onInvited={() => refresh('refresh')}>{children}</InviteClientButton>;
}

/** A new coach's list: what will appear here and when, and the invite that starts it. */
function NoClients() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="2" maxWidth="36rem" marginInline="auto">
      <Text fontWeight="semibold" color="fg">
        {t('clients.emptyTitle')}
      </Text>
      <Text>{t('clients.emptyHint')}</Text>
      <Stack marginBlockStart="2">
        <InviteButton>{t('invites.inviteFirstClient')}</InviteButton>
      </Stack>
    </Stack>
  );
}

/**
 * 'My clients' (requirements R2.8): who needs the coach now and why. Search, filters and
 * sort live in the URL; without a sort the rows are in needs-attention order. Live messages read
 * the list again in place: the sort, filters, search, scroll and focus stay, and the changed cells
 * show the live cue.
 */
export function ClientsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const list = useAtomValue(clientRowsLoadableAtom);
  const [view, changeView] = useClientListView();
  const searchRef = useRef<HTMLInputElement>(null);
  useSlashFocuses(searchRef);
  // A header sort is the table's own state: going back to the attention order (the button, Back)
  // remounts it, once the URL has no sort (adjusting state while rendering, as React documents).
  const [tableKey, setTableKey] = useState(0);
  const [shownSort, setShownSort] = useState(view.sort);
  if (view.sort !== shownSort) {
    setShownSort(view.sort);
    if (view.sort === null) setTableKey((key) => key + 1);
  }

  const rows = list.state === 'hasData' ? list.data.rows : noRows;
  // The coach opens a client next: the profile's code loads once the rows are shown.
  usePreloadScreenWhenIdle(paths.client, rows.length > 0);
  const changes = useLiveChanges(list.state === 'hasData' ? list.data.rows : undefined, liveCells);
  const generatedAt = list.state === 'hasData' ? list.data.generatedAt : null;
  const formats = useMemo(
    () => createClientFormats(locale, generatedAt ? new Date(generatedAt) : new Date()),
    [locale, generatedAt],
  );
  const shown = useMemo(() => filterRows(rows, view), [rows, view]);

  const handleSortChange = (sort: SortableTableSort) => changeView({ sort });
  const handleAttentionFirst = () => changeView({ sort: null });
  const handleClear = () =>
    changeView({ search: '', phase: null, isAttentionOnly: false, isFollowUpDueOnly: false });
  const handleOpen = (row: ClientRow) => navigate(clientPath(row.clientId));

  const title = (
    // The screen header's own space below is the top line's gap here: the filters sit beside it.
    <Box css={{ '& > div': { marginBlockEnd: '0' } }} marginInlineEnd="2">
      <ScreenHeader
        icon={<LuUsers />}
        breadcrumb={[{ name: t('clients.title'), href: paths.clients }]}
      />
    </Box>
  );
  const invite = <InviteButton>{t('invites.inviteClient')}</InviteButton>;
  if (list.state === 'hasError') {
    return (
      <>
        <TopLine>
          {title}
          <Box marginInlineStart="auto">{invite}</Box>
        </TopLine>
        <LoadFailed error={list.error} />
        <PendingInvites />
      </>
    );
  }
  const hasClients = list.state === 'loading' || rows.length > 0;
  return (
    <>
      {/* The first screen: the top lines and the table down to the window's bottom edge, its rows
          scrolling under their sticky header; the pending invites are further down. */}
      <Flex direction="column" height="100%">
        <TopLine>
          {title}
          {hasClients ? (
            <ClientsToolbar
              view={view}
              onViewChange={changeView}
              counts={
                list.state === 'hasData' ? { followUpsDue: followUpDueCount(rows) } : undefined
              }
              searchRef={searchRef}
              queueButton={
                list.state === 'hasData' ? <QueueButton rows={rows} view={view} /> : null
              }
              sortReset={
                view.sort ? (
                  <Button
                    variant="ghost"
                    icon={<LuArrowDownWideNarrow />}
                    onClick={handleAttentionFirst}
                  >
                    {t('clients.attentionFirst')}
                  </Button>
                ) : null
              }
            />
          ) : null}
        </TopLine>
        {/* The 30-day figures, the count shown and the invite share the second line. */}
        <Flex align="center" columnGap="4" rowGap="1" marginBlockEnd="2" wrap="wrap">
          <Box flex="1 1 24rem">
            {list.state === 'hasData' && rows.length > 0 && list.data.attentionFigures ? (
              <AttentionFiguresLine figures={list.data.attentionFigures} />
            ) : null}
          </Box>
          {hasClients ? (
            <ShownCount
              counts={
                list.state === 'hasData' ? { shown: shown.length, total: rows.length } : undefined
              }
            />
          ) : null}
          {invite}
        </Flex>
        <ClientsTable
          key={tableKey}
          rows={shown}
          allRows={rows}
          formats={formats}
          changes={changes}
          isLoading={list.state === 'loading'}
          sort={view.sort}
          onSortChange={handleSortChange}
          onOpen={handleOpen}
          emptyState={
            isFiltered(view) && rows.length > 0 ? <NoMatch onClear={handleClear} /> : <NoClients />
          }
        />
      </Flex>
      <PendingInvites />
      <LiveAnnouncer />
    </>
  );
}

export default ClientsScreen;
