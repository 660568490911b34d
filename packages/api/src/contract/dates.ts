import { dateBoundsPattern } from '@coach/domain';
import { Type } from 'typebox';

/**
 * A calendar date (YYYY-MM-DD) between 1900-01-01 and 2199-12-31 ({@link dateBounds}): every
 * date a request carries (ranges, report periods, birth dates) is this schema.
 */
export function DateSchema(description: string) {
  return Type.String({ format: 'date', pattern: dateBoundsPattern, description });
}

/**
 * A date-time (RFC 3339) in the years 1900 to 2199 ({@link dateBounds}), at most 64 characters:
 * every date-time a request carries is this schema.
 */
export function DateTimeSchema(description: string) {
  return Type.String({
    format: 'date-time',
    maxLength: 64,
    pattern: dateBoundsPattern,
    description,
  });
}
