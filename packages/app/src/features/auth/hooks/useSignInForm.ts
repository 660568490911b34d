import { type BaseSyntheticEvent, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyResolver, retryableErrorType, useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { usePreloadScreen } from '../../../core/lazyScreens/index.ts';
import { paths, returnHref, useReturnPath } from '../../../core/navigation/index.ts';
import {
  loginAtom,
  type PendingSecondStep,
  type SessionStartResult,
  secondStepExpiredAtom,
  sessionErrorAtom,
} from '../../../core/session/index.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { preloadSecondStep } from '../components/lazySecondStep.ts';
import { describeLoginFailure } from '../describeLoginFailure.ts';
import type { SignInContext, SignInValues } from '../signInSchema.ts';
import { usePasskeySignIn } from './usePasskeySignIn.ts';

// yup and the schema load once the coach starts on the form, not before the screen's first paint.
const signInResolver = lazyResolver<SignInValues>(() =>
  import('../signInResolver.ts').then((module) => module.signInResolver),
);

/** The clients list's prefetch, whose code (the list's atoms) also loads once the form is used. */
const loadClientListPrefetch = () =>
  import('../../../core/clientList/index.ts').then((module) => module.prefetchClientListAtom);

/**
 * The sign-in form (requirements R4.11): validates on submit only, an edited field drops its
 * error and the sign-in failure (also one the session start left), submit is disabled while
 * errors remain; success opens the page the address carries (`?next=`, a checked signed-in path),
 * or '/clients'. When the account asks for its mailed code, the code field appears under the
 * password with the server's notice and takes focus; the next submit sends all three.
 */
export function useSignInForm(onSecondStep: (secondStep: PendingSecondStep) => void) {
  const { t } = useTranslation();
  const login = useSetAtom(loginAtom);
  const setSessionError = useSetAtom(sessionErrorAtom);
  const setSecondStepExpired = useSetAtom(secondStepExpiredAtom);
  const navigate = useNavigate();
  const preloadScreen = usePreloadScreen();
  const returnPath = useReturnPath();
  const opensClientList = (returnPath?.route ?? paths.clients) === paths.clients;
  // What the coach is about to need, fetched while they type: the form's validation, the second
  // step an account with a second factor asks for, and the screen that a sign-in opens (its code comes from the routes, not imported here).
  const prepareSignIn = () => {
    signInResolver.preload();
    preloadSecondStep();
    preloadScreen(returnPath?.route ?? paths.clients);
    if (opensClientList) void loadClientListPrefetch().catch(() => undefined);
  };
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const openReturnPath = (result: SessionStartResult) => {
    if (result.ok) navigate(returnHref(returnPath), { replace: true });
  };
  const passkey = usePasskeySignIn(openReturnPath);
  const { form, register, fieldError, formError, hasErrors } = useSubmitOnlyForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '', code: '' },
    context: { isCodeAsked } satisfies SignInContext,
    onEdit: () => {
      setSessionError(null);
      setSecondStepExpired(false);
      passkey.clearPasskeyError();
    },
  });
  const { setFocus } = form;

  // Once the field is there, in the commit that shows it: the coach goes on where the code is
  // typed, and a screen reader reads the notice that describes the field.
  useLayoutEffect(() => {
    if (isCodeAsked) setFocus('code');
  }, [isCodeAsked, setFocus]);

  const submit = form.handleSubmit(async (values) => {
    // The clients list loads beside the session's calls when the sign-in opens it (without the
    // prefetch when its code cannot load: the screen then fetches the list itself).
    const prefetch = opensClientList
      ? await loadClientListPrefetch().catch(() => undefined)
      : undefined;
    // The schema leaves the code out until the account asks for it.
    const result = await login(values, prefetch);
    if (result.ok) {
      navigate(returnHref(returnPath), { replace: true });
      return;
    }
    if (result.secondStep) {
      onSecondStep(result.secondStep);
      return;
    }
    if (result.failure.kind === 'signInCodeRequired') {
      // Not an error to correct: the notice and the field ask for the code, email and password stay.
      setIsCodeAsked(true);
      return;
    }
    form.setError('root', {
      // Out of reach: the same sign-in may work a moment later, so the button stays enabled.
      type: result.failure.kind === 'unavailable' ? retryableErrorType : 'server',
      message: describeLoginFailure(result.failure, t),
    });
  });

  const handleSubmit = async (event: BaseSyntheticEvent) => {
    try {
      await submit(event);
    } catch {
      // The validation code could not be loaded (the network is gone): nothing was sent.
      form.setError('root', {
        type: retryableErrorType,
        message: describeLoginFailure({ kind: 'unavailable' }, t),
      });
    }
  };

  return {
    returnPath,
    register: (name: keyof SignInValues) => register(name),
    handleSubmit,
    handleFocus: prepareSignIn,
    isCodeAsked,
    isSubmitting: form.formState.isSubmitting,
    hasErrors,
    fieldError,
    formError: formError ?? passkey.passkeyError ?? undefined,
    passkey,
  };
}
