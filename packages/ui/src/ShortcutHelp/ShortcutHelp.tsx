import { Box, chakra, Heading, HStack, Kbd, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Modal } from '../Modal/Modal.tsx';

/** One shortcut: the keys that do it (any one of them) and what it does. */
export type ShortcutHelpItem = {
  /** A stable key for the list. */
  id: string;
  /** The keys as shown, e.g. `['↓', 'j']`: any one of them does it. */
  keys: readonly string[];
  /** What the keys do. */
  description: string;
};

/** The shortcuts of one place of the app, under a heading. */
export type ShortcutHelpGroup = {
  id: string;
  title: string;
  shortcuts: readonly ShortcutHelpItem[];
};

export type ShortcutHelpProps = {
  /** Whether the list is shown. */
  isOpen: boolean;
  /** Called on the close button, a backdrop click or Escape. */
  onClose: () => void;
  /** The dialog's heading and accessible name, e.g. 'Keyboard shortcuts'. */
  title: string;
  /** The shortcuts, by place. */
  groups: readonly ShortcutHelpGroup[];
  /** The word between two keys that do the same thing. Defaults to 'or'. */
  orLabel?: string;
  /** Accessible name of the close button. Defaults to 'Close'. */
  closeLabel?: string;
};

/**
 * A dialog that lists keyboard shortcuts by place: each group a heading over a description list
 * (the keys, then what they do). The texts and key labels come in through props.
 */
export function ShortcutHelp({
  isOpen,
  onClose,
  title,
  groups,
  orLabel = 'or',
  closeLabel = 'Close',
}: ShortcutHelpProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title} closeLabel={closeLabel}>
      <Stack gap="6" paddingBlockEnd="2">
        {groups.map((group) => (
          <Box as="section" key={group.id} aria-labelledby={`shortcut-group-${group.id}`}>
            <Heading
              as="h3"
              id={`shortcut-group-${group.id}`}
              fontSize="sm"
              fontWeight="semibold"
              color="fg.muted"
              marginBlockEnd="2"
            >
              {group.title}
            </Heading>
            <chakra.dl
              display="grid"
              gridTemplateColumns="minmax(7rem, auto) 1fr"
              gap="2"
              margin="0"
            >
              {group.shortcuts.map((shortcut) => (
                <Fragment key={shortcut.id}>
                  <chakra.dt>
                    <HStack gap="1" wrap="wrap">
                      {shortcut.keys.map((key, index) => (
                        <Fragment key={key}>
                          {index > 0 ? (
                            <Text as="span" fontSize="xs" color="fg.muted">
                              {orLabel}
                            </Text>
                          ) : null}
                          <Kbd>{key}</Kbd>
                        </Fragment>
                      ))}
                    </HStack>
                  </chakra.dt>
                  <chakra.dd margin="0" fontSize="sm">
                    {shortcut.description}
                  </chakra.dd>
                </Fragment>
              ))}
            </chakra.dl>
          </Box>
        ))}
      </Stack>
    </Modal>
  );
}
