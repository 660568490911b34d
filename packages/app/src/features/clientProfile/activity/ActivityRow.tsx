import { HStack, List, Stack, Text } from '@chakra-ui/react';
import type { ActivityItem } from '@coach/api';
import { useTranslation } from 'react-i18next';
import { LuActivity, LuClipboardList, LuMessageSquare } from 'react-icons/lu';
import { EffectBadge } from '../shared/EffectBadge.tsx';
import type { ProfileFormats } from '../shared/profileFormats.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { useActivityTitle } from './useActivityTitle.ts';

const icons = {
  assessment: LuClipboardList,
  reflection: LuMessageSquare,
  exercise: LuActivity,
} as const;

export type ActivityRowProps = {
  item: ActivityItem;
  timeZone: string | null;
  formats: ProfileFormats;
};

/** One activity: its kind, what it was, when (on the client's clock) and how it went. */
export function ActivityRow({ item, timeZone, formats }: ActivityRowProps) {
  const { t } = useTranslation();
  const title = useActivityTitle(item);
  const Icon = icons[item.kind];
  return (
    <List.Item data-kind={item.kind} paddingBlock="2" borderBottomWidth="1px" borderColor="border">
      <HStack gap="3" align="flex-start">
        <Text as="span" color="fg.muted" marginBlockStart="1" aria-hidden>
          <Icon />
        </Text>
        <Stack gap="0.5" flex="1" minWidth="0">
          <Text fontWeight="medium">
            <Text as="span" srOnly>{`${t(`profile.activity.kind.${item.kind}`)}: `}</Text>
            {title}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {timeZone
              ? formats.clientDateTime(item.at, timeZone)
              : formats.fullDate(item.localDate)}
            {' · '}
            {t(`profile.phases.${item.step}`)}
          </Text>
        </Stack>
        {item.kind === 'assessment' && item.status ? <StatusBadge status={item.status} /> : null}
        {item.kind === 'exercise' ? <EffectBadge effect={item.effect} /> : null}
      </HStack>
    </List.Item>
  );
}
