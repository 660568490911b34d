import { useTranslation } from 'react-i18next';
import { LuLeaf } from 'react-icons/lu';
import { Link } from 'react-router';
import { appClass } from '../../../styles/appClass.ts';
import type { layoutStyles } from './layout.styles.ts';

export type LogoProps = {
  /** Makes the logo a link to this path (the root in the layouts). */
  href?: string;
};

const cls = appClass<typeof layoutStyles>;

/** The Coach wordmark; a link to the root in the layouts. */
export function Logo({ href }: LogoProps) {
  const { t } = useTranslation();
  const mark = (
    <span className={cls('logo')}>
      <LuLeaf aria-hidden />
      {t('app.name')}
    </span>
  );
  if (!href) return mark;
  return (
    <Link to={href} className={cls('logo-link')} style={{ textDecoration: 'none' }}>
      {mark}
    </Link>
  );
}
