import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TranslationKey } from '../../../i18n/translationKey.ts';
import { paths } from '../../../routes/paths.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { loginAtom } from '../../session/atoms/loginAtom.ts';
import { describeLoginFailure } from '../describeLoginFailure.ts';
import { type SignInValues, signInSchema } from '../signInSchema.ts';

/**
 * The sign-in form (spec point 4 form rules): validates on submit only, an edited field drops its
 * error (and the sign-in failure), submit is disabled while errors remain; success opens
 * '/clients'.
 */
export function useSignInForm() {
  const { t } = useTranslation();
  const login = useSetAtom(loginAtom);
  const navigate = useNavigate();
  const form = useForm<SignInValues>({
    resolver: yupResolver(signInSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    const result = await login(values);
    if (result.ok) {
      navigate(paths.clients, { replace: true });
      return;
    }
    form.setError('root', { message: describeLoginFailure(result.failure, t) });
  });

  const register = (name: keyof SignInValues) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        form.clearErrors('root');
      },
    });

  return {
    register,
    handleSubmit,
    isSubmitting,
    hasErrors: Object.keys(errors).length > 0,
    fieldError: (name: keyof SignInValues) => {
      const message = errors[name]?.message;
      return message ? t(message as TranslationKey) : undefined;
    },
    formError: errors.root?.message,
  };
}
