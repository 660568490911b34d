import { Box, HStack, Text } from '@chakra-ui/react';
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
  /** Clients shown, in all, and with a follow-up due; none while the list loads. */
  counts?: { shown: number; total: number; followUpsDue: number };
  searchRef: Ref<HTMLInputElement>;
  /** Shown while a column sort replaces the needs-attention order: the way back to it. */
  sortReset?: ReactNode;
};

const allPhases = 'all';

/**
 * Search by name or email, the phase filter, the needs-attention and follow-up-due filters (the
 * latter with how many are due) and the count shown.
 */
export function ClientsToolbar({
  view,
  onViewChange,
  counts,
  searchRef,
  sortReset,
}: ClientsToolbarProps) {
  const { t } = useTranslation();
  const phaseItems = [
    { value: allPhases, label: t('clients.allPhases') },
    ...journeyStepNames.map((step) => ({ value: step, label: t(`clients.phases.${step}`) })),
  ];
  return (
    <HStack gap="4" align="flex-end" marginBlockEnd="4" flexWrap="wrap">
      <Box width="20rem">
        <SearchField
          value={view.search}
          onChange={(search) => onViewChange({ search })}
          inputRef={searchRef}
        />
      </Box>
      <Box width="12rem">
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
      {sortReset}
      <Text marginInlineStart="auto" color="fg.muted" textStyle="sm" aria-live="polite">
        {counts ? t('clients.shownCount', { shown: counts.shown, total: counts.total }) : null}
      </Text>
    </HStack>
  );
}
