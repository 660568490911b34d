import { useTranslation } from 'react-i18next';

const windowNames = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const;
type WindowName = (typeof windowNames)[number];

const isWindowName = (value: string): value is WindowName =>
  (windowNames as readonly string[]).includes(value);

/** A reflection window's name in words ('Morning'); one this app does not know, as sent. */
export function useWindowName(): (window: string) => string {
  const { t } = useTranslation();
  return (window) => (isWindowName(window) ? t(`profile.reflections.windows.${window}`) : window);
}
