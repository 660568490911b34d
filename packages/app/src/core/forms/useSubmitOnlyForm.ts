import { type FieldPath, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/translationKey.ts';

/** Another field whose error goes too when this one is edited, if it is `message`. */
export type LinkedError<Values extends FieldValues> = {
  name: FieldPath<Values>;
  message: TranslationKey;
};

/** Options of {@link useSubmitOnlyForm}: react-hook-form's, but the validation modes are fixed. */
export type SubmitOnlyFormOptions<Values extends FieldValues> = Omit<
  UseFormProps<Values>,
  'mode' | 'reValidateMode'
> & {
  /** Called when any field is edited (e.g. to drop a reason shown before the form was used). */
  onEdit?: () => void;
};

/**
 * The type of a form-level error that submitting again may cure (the server could not be
 * reached): it is shown like any other, but it leaves the submit button enabled.
 */
export const retryableErrorType = 'retryable';

/**
 * A react-hook-form form with the rules of requirements R4.11: it validates on submit only, editing a
 * field drops that field's error, a form-level error (`root`, e.g. 'Wrong email or password') and
 * a shared error of `linked` fields (e.g. a mismatch), and `hasErrors` tells the submit button to
 * stay disabled while any error is shown (except a {@link retryableErrorType} one). Field messages are translation keys, translated by
 * `fieldError`; the form-level one is text, read by `formError`.
 */
export function useSubmitOnlyForm<Values extends FieldValues>({
  onEdit,
  ...options
}: SubmitOnlyFormOptions<Values>) {
  const { t } = useTranslation();
  const form = useForm<Values>({ ...options, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { errors } = form.formState;

  const register = (name: FieldPath<Values>, linked: LinkedError<Values>[] = []) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        form.clearErrors('root');
        for (const other of linked) {
          if (form.getFieldState(other.name).error?.message === other.message) {
            form.clearErrors(other.name);
          }
        }
        onEdit?.();
      },
    });

  const fieldError = (name: FieldPath<Values>): string | undefined => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? t(message as TranslationKey) : undefined;
  };

  const hasErrors = Object.entries(errors).some(
    ([name, error]) => name !== 'root' || error?.type !== retryableErrorType,
  );
  return {
    form,
    register,
    fieldError,
    formError: errors.root?.message,
    hasErrors,
    /** The submit button's props: busy while the form submits, off while an error shows. */
    submitProps: {
      type: 'submit',
      isLoading: form.formState.isSubmitting,
      disabled: hasErrors,
    } as const,
  };
}
