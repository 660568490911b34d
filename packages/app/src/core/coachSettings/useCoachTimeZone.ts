import { useAtomValue } from '../../state/jotai.ts';
import { coachSettingsLoadableAtom } from './atoms/coachSettingsAtom.ts';

/** The coach's clock: their settings' time zone, this device's until the settings load. */
export function useCoachTimeZone(): string {
  const settings = useAtomValue(coachSettingsLoadableAtom);
  return settings.state === 'hasData'
    ? settings.data.timezone
    : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
