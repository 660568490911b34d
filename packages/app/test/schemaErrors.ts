import type { AnyObjectSchema, ValidationError } from 'yup';
import type { TranslationKey } from '../src/i18n/translationKey.ts';
import { createTestI18n } from './testI18n.ts';

const { t } = createTestI18n();

/** The first message of each field a schema refuses, in English, as the form shows it. */
export function fieldErrorsOf(
  schema: AnyObjectSchema,
  values: Record<string, string>,
): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const result: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !(inner.path in result)) {
        result[inner.path] = t(inner.message as TranslationKey);
      }
    }
    return result;
  }
}
