import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isQueueWalk } from '../../../core/attentionQueue/index.ts';
import {
  type ClientProfileGroup,
  clientPath,
  clientProfileGroups,
} from '../../../core/navigation/index.ts';
import { type ShortcutHandlers, useShortcutHandlers } from '../../../core/shortcuts/index.ts';
import type { PanelRequests } from './ProfilePanel.tsx';
import { groupShortcuts } from './profileShortcutNames.ts';

// Under Chakra's 'lg' (64em): the panel folds into a tab of its own.
const narrowQuery = '(max-width: 63.99em)';
const isNarrow = () => typeof window !== 'undefined' && window.matchMedia(narrowQuery).matches;

/** Links to a place of the panel: '#messages' (the composer), '#notes', '#follow-up'. */
const hashRequests: Record<string, keyof PanelRequests> = {
  '#messages': 'message',
  '#notes': 'note',
  '#follow-up': 'followUp',
};

/**
 * The profile's keys and focus: Alt+1..5 open the groups, Alt+M / Alt+N / Alt+F the composer,
 * the note's field and the follow-up's form (showing the panel on a narrow screen). The composer
 * takes the focus on each client a queue walk opens (`?queue=1`), a link's hash focuses its place.
 */
export function useProfileRequests(clientId: string) {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [requests, setRequests] = useState<PanelRequests>({ message: 0, note: 0, followUp: 0 });

  const ask = (place: keyof PanelRequests) => {
    if (isNarrow()) setIsPanelOpen(true);
    setRequests((counts) => ({ ...counts, [place]: counts[place] + 1 }));
  };
  const openGroup = (group: ClientProfileGroup) => {
    setIsPanelOpen(false);
    navigate({ pathname: clientPath(clientId, group), search });
  };

  const isQueue = isQueueWalk(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again for each client (the queue walks them in this screen).
  useEffect(() => {
    const place = hashRequests[hash] ?? (isQueue ? 'message' : null);
    if (place) ask(place);
  }, [clientId]);

  const handlers: ShortcutHandlers = {
    openMessages: () => ask('message'),
    writeNote: () => ask('note'),
    followUp: () => ask('followUp'),
  };
  for (const group of clientProfileGroups) handlers[groupShortcuts[group]] = () => openGroup(group);
  useShortcutHandlers(handlers);

  return {
    requests,
    isPanelOpen,
    // The panel's tab opens it as its key does: at the newest messages, in the composer.
    openPanel: () => ask('message'),
  };
}
