import type {
  ConfirmPasswordBody,
  EndedSessions,
  SecurityEvents,
  SecurityLinkAnswer,
} from '../contract/accountSecurity.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import type {
  AddPasskeyBody,
  AuthenticatorCodeBody,
  AuthenticatorEnrolment,
  ConfirmSecondFactorBody,
  Passkey,
  PasskeyOptions,
  PasskeySignInBody,
  RecoveryCodes,
  RenamePasskeyBody,
  SecondStep,
  SecondStepCodeBody,
  SecondStepPasskeyBody,
  SignInMethods,
} from '../contract/signInFactors.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** What a sign-in or a password reset answers: tokens (200), or a second step to pass (202). */
export type TokensOrSecondStep = Tokens | SecondStep;

/** Whether a sign-in's answer is a second step (202) rather than tokens: store nothing then. */
export function isSecondStep(answer: TokensOrSecondStep): answer is SecondStep {
  return 'secondStep' in answer;
}

/** The typed calls of a coach's second sign-in factors (the auth service, decision 73). */
export type SignInFactorsClient = {
  /** `POST /login/second-step`: passes a second step with an app's code or a recovery code. */
  completeSecondStep(body: SecondStepCodeBody): Promise<Tokens>;
  /** `POST /login/second-step/passkey/options`: a challenge for the account's passkeys. */
  secondStepPasskeyOptions(token: string): Promise<PasskeyOptions>;
  /** `POST /login/second-step/passkey`: passes a second step with a passkey. */
  completeSecondStepWithPasskey(body: SecondStepPasskeyBody): Promise<Tokens>;
  /** `POST /passkeys/sign-in/options`: a challenge any discoverable passkey may answer. */
  passkeySignInOptions(): Promise<PasskeyOptions>;
  /** `POST /passkeys/sign-in`: signs in with a passkey alone (it names the account). */
  signInWithPasskey(body: PasskeySignInBody): Promise<Tokens>;
  /** `GET /sign-in-methods`: the caller's passkeys, authenticator app and recovery codes left. */
  listSignInMethods(): Promise<SignInMethods>;
  /** `POST /passkeys/registration/options`: a challenge to make a new passkey. */
  passkeyRegistrationOptions(): Promise<PasskeyOptions>;
  /** `POST /passkeys`: adds the passkey made for the registration challenge, named. */
  addPasskey(body: AddPasskeyBody): Promise<Passkey>;
  /** `PATCH /passkeys/{id}`. */
  renamePasskey(id: string, body: RenamePasskeyBody): Promise<Passkey>;
  /** `DELETE /passkeys/{id}`: needs a second factor used in the last 5 minutes. */
  removePasskey(id: string): Promise<void>;
  /** `POST /authenticator/enrolment`: a new secret, its URI and QR code, not in use yet. */
  startAuthenticatorEnrolment(): Promise<AuthenticatorEnrolment>;
  /** `POST /authenticator`: turns codes on with the app's first code; answers recovery codes. */
  confirmAuthenticator(body: AuthenticatorCodeBody): Promise<RecoveryCodes>;
  /** `DELETE /authenticator`: turns codes off (a recent second factor). */
  removeAuthenticator(): Promise<void>;
  /** `POST /recovery-codes`: ten new recovery codes; the former ones stop working. */
  regenerateRecoveryCodes(): Promise<RecoveryCodes>;
  /** `POST /session/second-factor`: this session confirms a second factor with a code. */
  confirmSecondFactor(body: ConfirmSecondFactorBody): Promise<void>;
  /** `POST /session/second-factor/passkey/options`: a challenge for the caller's passkeys. */
  secondFactorPasskeyOptions(): Promise<PasskeyOptions>;
  /** `POST /session/second-factor/passkey`: this session confirms a second factor with a passkey. */
  confirmSecondFactorWithPasskey(body: PasskeySignInBody): Promise<void>;
  /** `POST /session/password`: this session confirms the password (to add a first factor). */
  confirmPassword(body: ConfirmPasswordBody): Promise<void>;
  /** `GET /security-events`: the account's recent security events, newest first. */
  listSecurityEvents(): Promise<SecurityEvents>;
  /** `POST /session/end-others`: ends every other session of the account. */
  endOtherSessions(): Promise<EndedSessions>;
  /** `POST /security-link`: a notice's 'it was not me' link; every session ends, a reset starts. */
  useSecurityLink(token: string): Promise<SecurityLinkAnswer>;
};

/** Creates the {@link SignInFactorsClient} over the auth service's request function. */
export function createSignInFactorsClient(request: ServiceRequest): SignInFactorsClient {
  return {
    completeSecondStep: (body) => callRoute(request, 'completeSecondStep', { body }),
    secondStepPasskeyOptions: (token) =>
      callRoute(request, 'secondStepPasskeyOptions', { body: { token } }),
    completeSecondStepWithPasskey: (body) =>
      callRoute(request, 'completeSecondStepWithPasskey', { body }),
    passkeySignInOptions: () => callRoute(request, 'passkeySignInOptions'),
    signInWithPasskey: (body) => callRoute(request, 'signInWithPasskey', { body }),
    listSignInMethods: () => callRoute(request, 'listSignInMethods'),
    passkeyRegistrationOptions: () => callRoute(request, 'passkeyRegistrationOptions'),
    addPasskey: (body) => callRoute(request, 'addPasskey', { body }),
    renamePasskey: (id, body) => callRoute(request, 'renamePasskey', { params: { id }, body }),
    async removePasskey(id) {
      await callRoute(request, 'removePasskey', { params: { id } });
    },
    startAuthenticatorEnrolment: () => callRoute(request, 'startAuthenticatorEnrolment'),
    confirmAuthenticator: (body) => callRoute(request, 'confirmAuthenticator', { body }),
    async removeAuthenticator() {
      await callRoute(request, 'removeAuthenticator');
    },
    regenerateRecoveryCodes: () => callRoute(request, 'regenerateRecoveryCodes'),
    async confirmSecondFactor(body) {
      await callRoute(request, 'confirmSecondFactor', { body });
    },
    secondFactorPasskeyOptions: () => callRoute(request, 'secondFactorPasskeyOptions'),
    async confirmSecondFactorWithPasskey(body) {
      await callRoute(request, 'confirmSecondFactorWithPasskey', { body });
    },
    async confirmPassword(body) {
      await callRoute(request, 'confirmPassword', { body });
    },
    listSecurityEvents: () => callRoute(request, 'listSecurityEvents'),
    endOtherSessions: () => callRoute(request, 'endOtherSessions'),
    useSecurityLink: (token) => callRoute(request, 'useSecurityLink', { body: { token } }),
  };
}
