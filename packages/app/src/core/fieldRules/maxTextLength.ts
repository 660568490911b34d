import { textLength } from '@coach/domain';
import type { Message, TestConfig } from 'yup';

/**
 * A yup test refusing a text longer than `max` characters as the server counts them (code
 * points, see `textLength`): yup's own `.max` counts UTF-16 units, so it would refuse 250 emoji in
 * a name the server takes. `schema.test(maxTextLength(250, message))`.
 */
export function maxTextLength(
  max: number,
  message: Message<{ max: number }>,
): TestConfig<string | undefined> {
  return {
    name: 'max',
    message,
    params: { max },
    skipAbsent: true,
    test: (value) => textLength(value ?? '') <= max,
  };
}
