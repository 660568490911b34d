import type { ReactNode } from 'react';
import { useMatch } from 'react-router';
import { paths } from '../core/navigation/index.ts';
import { ScreenSizeGate } from '../core/screenSize/index.ts';

export type CoachScreenSizeGateProps = {
  children: ReactNode;
};

/**
 * The screen-size rules (requirements R2.5) for the coach's screens. The invite page is exempt: it is
 * for invited clients, who open their invite mail on a phone, not for coaches.
 */
export function CoachScreenSizeGate({ children }: CoachScreenSizeGateProps) {
  const isInvitePage = useMatch(paths.invite) !== null;
  return isInvitePage ? children : <ScreenSizeGate>{children}</ScreenSizeGate>;
}
