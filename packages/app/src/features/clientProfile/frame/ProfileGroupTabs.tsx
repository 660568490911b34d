import { Button, chakra, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  type ClientProfileGroup,
  clientPath,
  clientProfileGroups,
} from '../../../core/navigation/index.ts';
import { shortcutLabel } from '../../../core/shortcuts/index.ts';
import { groupShortcuts } from './profileShortcutNames.ts';

export type ProfileGroupTabsProps = {
  clientId: string;
  group: ClientProfileGroup;
  /** On a narrow screen, whether the panel (follow-up, messages, notes) shows instead of a group. */
  isPanelOpen: boolean;
  onOpenPanel: () => void;
};

const RouterLink = chakra(Link);

/**
 * The profile's groups as links (the current one `aria-current="page"`), each with its key in its
 * title; the address keeps its query (the list's view, the queue). Under 1024 px a last tab
 * opens the panel in the place of the group.
 */
export function ProfileGroupTabs({
  clientId,
  group,
  isPanelOpen,
  onOpenPanel,
}: ProfileGroupTabsProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <HStack
      as="nav"
      aria-label={t('clientProfile.groups.label')}
      gap="1"
      borderBottomWidth="1px"
      borderColor="border"
      wrap="wrap"
    >
      {clientProfileGroups.map((name) => {
        const isCurrent = name === group && !isPanelOpen;
        return (
          <RouterLink
            key={name}
            to={{ pathname: clientPath(clientId, name), search }}
            aria-current={isCurrent ? 'page' : undefined}
            title={shortcutLabel(groupShortcuts[name], t)}
            paddingInline="3"
            paddingBlock="2"
            marginBlockEnd="-1px"
            borderBottomWidth="2px"
            borderColor={isCurrent ? 'accent' : 'transparent'}
            fontWeight={isCurrent ? 'semibold' : 'medium'}
            color={isCurrent ? 'fg' : 'fg.muted'}
            textDecoration="none"
            _hover={{ color: 'fg' }}
          >
            {t(`clientProfile.groups.${name}`)}
          </RouterLink>
        );
      })}
      <Button
        hideFrom="lg"
        variant="plain"
        aria-pressed={isPanelOpen}
        onClick={onOpenPanel}
        title={shortcutLabel('openMessages', t)}
        paddingInline="3"
        fontWeight={isPanelOpen ? 'semibold' : 'medium'}
        borderBottomWidth="2px"
        rounded="none"
        borderColor={isPanelOpen ? 'accent' : 'transparent'}
      >
        {t('clientProfile.groups.panel')}
      </Button>
    </HStack>
  );
}
