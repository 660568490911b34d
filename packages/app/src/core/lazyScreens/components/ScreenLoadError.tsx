import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw, LuRotateCw } from 'react-icons/lu';
import { useRetryWhenOnline } from '../../../errors/useRetryWhenOnline.ts';
import { appClass } from '../../../styles/appClass.ts';
import type { screenLoadErrorStyles } from './ScreenLoadError.styles.ts';

const cls = appClass<typeof screenLoadErrorStyles>;

export type ScreenLoadErrorProps = {
  /** Whether the load timed out (rather than failed). */
  isTimeout: boolean;
  onRetry: () => void;
  /** Loads the page afresh; the browser's reload by default. */
  onReload?: () => void;
};

function reloadPage() {
  window.location.reload();
}

/**
 * Shown instead of a screen whose code could not load: what happened, a retry (again on its own
 * when the browser comes back online) and a reload of the page. Online, a failed load most likely
 * means a new version was deployed: the old code files are gone, and only a reload (a new
 * index.html naming the new files) brings the screen back.
 */
export function ScreenLoadError({
  isTimeout,
  onRetry,
  onReload = reloadPage,
}: ScreenLoadErrorProps) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry);
  const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  // The action that most likely helps comes first.
  const isReloadFirst = !isTimeout && !isOffline;
  return (
    <div role="alert" className={cls('load-error')}>
      <h1 className={`chakra-heading ${cls('load-error-title')}`}>
        {t(isTimeout ? 'lazyScreen.timedOut' : 'lazyScreen.failed')}
      </h1>
      <p className={cls('load-error-hint')}>
        {t(isReloadFirst ? 'lazyScreen.newVersion' : 'lazyScreen.hint')}
      </p>
      <div className={cls('load-error-actions')}>
        <Button
          variant={isReloadFirst ? 'secondary' : 'primary'}
          icon={<LuRefreshCw aria-hidden />}
          onClick={onRetry}
        >
          {t('lazyScreen.retry')}
        </Button>
        <Button
          variant={isReloadFirst ? 'primary' : 'secondary'}
          icon={<LuRotateCw aria-hidden />}
          onClick={onReload}
        >
          {t('lazyScreen.reload')}
        </Button>
      </div>
    </div>
  );
}
