import { Menu, Portal } from '@chakra-ui/react';
import { LuMessageSquareText } from 'react-icons/lu';
import { Button } from '../Button/index.ts';

/** A ready-made text the coach can insert: its label in the menu, its text in the message. */
export type QuickReply = { id: string; label: string; text: string };

export type QuickReplyMenuProps = {
  quickReplies: readonly QuickReply[];
  label: string;
  disabled: boolean;
  onChoose: (reply: QuickReply) => void;
  /**
   * Called once the menu has closed (after a choice, Escape or a click outside) and its content
   * has left the page: the last step of the close, after the menu has given the focus back to its
   * button, so a focus moved here stays where it is put.
   */
  onClosed?: () => void;
};

/** A button opening a menu of the quick replies by label. */
export function QuickReplyMenu({
  quickReplies,
  label,
  disabled,
  onChoose,
  onClosed,
}: QuickReplyMenuProps) {
  const handleSelect = ({ value }: { value: string }) => {
    const reply = quickReplies.find((candidate) => candidate.id === value);
    if (reply) onChoose(reply);
  };
  return (
    <Menu.Root
      onSelect={handleSelect}
      onExitComplete={onClosed}
      positioning={{ placement: 'top-start' }}
    >
      <Menu.Trigger asChild>
        <Button variant="secondary" icon={<LuMessageSquareText aria-hidden />} disabled={disabled}>
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxWidth="sm">
            {quickReplies.map((reply) => (
              <Menu.Item key={reply.id} value={reply.id}>
                {reply.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
