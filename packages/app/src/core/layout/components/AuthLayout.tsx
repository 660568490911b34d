import { LoadingPlaceholder } from '@coach/ui';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { appClass } from '../../../styles/appClass.ts';
import { Logo } from './Logo.tsx';
import type { layoutStyles } from './layout.styles.ts';

export type AuthLayoutProps = {
  /** The content; the matched route's element by default. */
  children?: ReactNode;
  /** Where the logo leads: the sign-in page ('/' by default), with a sign-in's return path. */
  homeHref?: string;
};

const cls = appClass<typeof layoutStyles>;

/**
 * The signed-out layout (requirements R2.2): the logo top-left over a decorative skeleton of the app,
 * and the screen centred in a card.
 */
export function AuthLayout({ children, homeHref = '/' }: AuthLayoutProps) {
  return (
    <div className={cls('auth-layout')}>
      <div className={cls('auth-backdrop')}>
        <LoadingPlaceholder variant="screen" decorative />
      </div>
      <main className={cls('auth-main')}>
        <div className={cls('auth-card')}>{children ?? <Outlet />}</div>
      </main>
      <div className={cls('auth-logo')}>
        <Logo href={homeHref} />
      </div>
    </div>
  );
}
