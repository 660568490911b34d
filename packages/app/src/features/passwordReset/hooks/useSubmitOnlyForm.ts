import { type FieldPath, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/translationKey.ts';

/** Another field whose error goes too when this one is edited, if it is `message`. */
export type LinkedError<Values extends FieldValues> = {
  name: FieldPath<Values>;
  message: TranslationKey;
};

/**
 * A react-hook-form form with the rules of spec point 4: it validates on submit only, editing a
 * field drops that field's error (and a shared error of `linked` fields, e.g. a mismatch), and
 * `hasErrors` tells the submit button to stay disabled while any error is shown. Error messages
 * are translation keys, translated by `fieldError`.
 */
export function useSubmitOnlyForm<Values extends FieldValues>(
  options: Omit<UseFormProps<Values>, 'mode' | 'reValidateMode'>,
) {
  const { t } = useTranslation();
  const form = useForm<Values>({ ...options, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { errors } = form.formState;

  const register = (name: FieldPath<Values>, linked: LinkedError<Values>[] = []) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        for (const other of linked) {
          if (form.getFieldState(other.name).error?.message === other.message) {
            form.clearErrors(other.name);
          }
        }
      },
    });

  const fieldError = (name: FieldPath<Values>): string | undefined => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? t(message as TranslationKey) : undefined;
  };

  return { form, register, fieldError, hasErrors: Object.keys(errors).length > 0 };
}
