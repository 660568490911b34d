import { Box, Text } from '@chakra-ui/react';
import { journeyStepNames } from '@coach/domain';
import { Button, Select } from '@coach/ui';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendarClock, LuTriangleAlert } from 'react-icons/lu';
import type { ClientListView } from '../../../core/clientList/index.ts';
import { SearchField } from './SearchField.tsx';

export type ClientsToolbarProps = {
  view: ClientListView;
  onViewChange: (change: Partial<ClientListView>) => void;
  /** Clients with a follow-up due; none while the list loads. */
  counts?: { followUpsDue: number };
  searchRef: Ref<HTMLInputElement>;
  /** Shown while a column sort replaces the needs-attention order: the way back to it. */
  sortReset?: ReactNode;
  /**
   * The slot after the filters for the button that walks the attention queue (about 220 px):
   * the top of the screen keeps its lines with it (see `ClientsScreen`).
   */
  queueButton?: ReactNode;
};

const allPhases = 'all';

/** How many clients the search and filters show, of all; said when it changes. */
export function ShownCount({ counts }: { counts?: { shown: number; total: number } }) {
  const { t } = useTranslation();
  return (
    <Text color="fg.muted" textStyle="sm" whiteSpace="nowrap" aria-live="polite">
      {counts ? t('clients.shownCount', { shown: counts.shown, total: counts.total }) : null}
    </Text>
  );
}

/**
 * Search by name or email, the phase filter, the needs-attention and follow-up-due filters (the
 * latter with how many are due) and the queue's slot: items of the screen's top line (a wrapping
 * row with the title), so that they share as few lines as the width allows.
 */
export function ClientsToolbar({
  view,
  onViewChange,
  counts,
  searchRef,
  sortReset,
  queueButton,
}: ClientsToolbarProps) {
  const { t } = useTranslation();
  const phaseItems = [
    { value: allPhases, label: t('clients.allPhases') },
    ...journeyStepNames.map((step) => ({ value: step, label: t(`clients.phases.${step}`) })),
  ];
  return (
    <>
      <Box width="14rem">
        <SearchField
          value={view.search}
          onChange={(search) => onViewChange({ search })}
          inputRef={searchRef}
        />
      </Box>
      <Box width="10rem">
        <Select
          label={t('clients.phaseFilter')}
          items={phaseItems}
          value={view.phase ?? allPhases}
          onValueChange={(value) =>
            onViewChange({ phase: value === allPhases ? null : (value as ClientListView['phase']) })
          }
        />
      </Box>
      <Button
        variant={view.isAttentionOnly ? 'primary' : 'secondary'}
        aria-pressed={view.isAttentionOnly}
        icon={<LuTriangleAlert />}
        onClick={() => onViewChange({ isAttentionOnly: !view.isAttentionOnly })}
      >
        {t('clients.attentionOnly')}
      </Button>
      <Button
        variant={view.isFollowUpDueOnly ? 'primary' : 'secondary'}
        aria-pressed={view.isFollowUpDueOnly}
        icon={<LuCalendarClock />}
        onClick={() => onViewChange({ isFollowUpDueOnly: !view.isFollowUpDueOnly })}
      >
        {counts
          ? t('clients.followUpDueOnlyCount', { count: counts.followUpsDue })
          : t('clients.followUpDueOnly')}
      </Button>
      {queueButton}
      {sortReset}
    </>
  );
}
