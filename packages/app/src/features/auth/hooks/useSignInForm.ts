import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSubmitOnlyForm } from '../../../forms/useSubmitOnlyForm.ts';
import { paths } from '../../../routes/paths.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { loginAtom } from '../../session/atoms/loginAtom.ts';
import { sessionErrorAtom } from '../../session/atoms/sessionErrorAtom.ts';
import { describeLoginFailure } from '../describeLoginFailure.ts';
import { type SignInValues, signInSchema } from '../signInSchema.ts';

/**
 * The sign-in form (spec point 4 form rules): validates on submit only, an edited field drops its
 * error and the sign-in failure (also one the session start left), submit is disabled while
 * errors remain; success opens '/clients'.
 */
export function useSignInForm() {
  const { t } = useTranslation();
  const login = useSetAtom(loginAtom);
  const setSessionError = useSetAtom(sessionErrorAtom);
  const navigate = useNavigate();
  const { form, register, fieldError, formError, hasErrors } = useSubmitOnlyForm<SignInValues>({
    resolver: yupResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    onEdit: () => setSessionError(null),
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    const result = await login(values);
    if (result.ok) {
      navigate(paths.clients, { replace: true });
      return;
    }
    form.setError('root', { message: describeLoginFailure(result.failure, t) });
  });

  return {
    register: (name: keyof SignInValues) => register(name),
    handleSubmit,
    isSubmitting: form.formState.isSubmitting,
    hasErrors,
    fieldError,
    formError,
  };
}
