import { memo } from 'react';
import { offeredTimeZones } from '../timeZones.ts';

export type TimeZoneOptionsProps = {
  id: string;
};

/**
 * The suggestions of the timezone field: every offered IANA name. Memoised: the list is long and
 * never changes, and the form renders again on every keystroke.
 */
export const TimeZoneOptions = memo(function TimeZoneOptions({ id }: TimeZoneOptionsProps) {
  return (
    <datalist id={id}>
      {offeredTimeZones().map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});
