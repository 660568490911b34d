import { Button, type ButtonProps } from '@coach/ui';
import { useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';
import { InviteClientModal } from './InviteClientModal.tsx';

export type InviteClientButtonProps = Pick<ButtonProps, 'variant' | 'size'> & {
  /** The button's text ('Invite client', or the empty list's 'Invite your first client'). */
  children: string;
  /** Called once an invite is sent (e.g. to refresh the clients list). */
  onInvited?: () => void;
};

/** A button that opens the 'Invite client' modal. */
export function InviteClientButton({
  children,
  onInvited,
  ...buttonProps
}: InviteClientButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} icon={<LuUserPlus aria-hidden />} onClick={() => setIsOpen(true)}>
        {children}
      </Button>
      <InviteClientModal isOpen={isOpen} onClose={() => setIsOpen(false)} onInvited={onInvited} />
    </>
  );
}
