import { BlockingScreen } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuMonitor, LuSmartphone } from 'react-icons/lu';
import { Logo } from '../../layout/index.ts';
import type { BlockingReason } from '../screenRules.ts';

export type ScreenSizeMessageProps = {
  reason: BlockingReason;
};

/** The blocking screen for a screen the app does not fit (requirements R2.5). */
export function ScreenSizeMessage({ reason }: ScreenSizeMessageProps) {
  const { t } = useTranslation();
  const isLandscape = reason === 'landscape';
  return (
    <BlockingScreen
      logo={<Logo />}
      icon={isLandscape ? <LuSmartphone /> : <LuMonitor />}
      title={t(isLandscape ? 'screenSize.landscape' : 'screenSize.higherResolution')}
      message={t(isLandscape ? 'screenSize.landscapeHint' : 'screenSize.higherResolutionHint')}
    />
  );
}
