import {
  recoveryCodePattern,
  secondStepCodeMethods,
  secondStepMethods,
  signInFactorLimits,
} from '@coach/domain';
import { type Static, Type } from 'typebox';
import { literalUnion } from './enumeration.ts';
import { FreeTextSchema, notBlankLookahead } from './fieldSchemas.ts';
import { IdSchema } from './ids.ts';
import { type RouteCallName, routeCalls } from './routeCalls.ts';
import { errors, NoContentSchema, type RouteDefinition } from './routeDefinition.ts';
import { TokensSchema } from './sessionTokens.ts';

// A coach's second sign-in factors (decision 73): passkeys (WebAuthn, alone or as the second step
// after the password) and authenticator app codes (TOTP, RFC 6238) with recovery codes. With any
// second factor enrolled, a right password (or a password reset) answers 202 with a second step
// instead of tokens; the step is passed with a passkey, a code or a recovery code. A session keeps
// how it was authenticated; removing a factor, turning codes off, or changing the password or the
// email asks for a second factor used in the last 5 minutes.

const { totpDigits, recoveryCodeCount, passkeyNameMaxLength, passkeysMax, secondStepSeconds } =
  signInFactorLimits;

const instant = (description: string) => Type.String({ format: 'date-time', description });

/** An opaque token naming a pending second step or a WebAuthn challenge. */
const OpaqueTokenSchema = (description: string) =>
  Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$', description });

/** `202` of a sign-in or a password reset whose account has a second factor. */
export const SecondStepSchema = Type.Object(
  {
    secondStep: Type.Object(
      {
        token: OpaqueTokenSchema('Names the second step in the calls that pass it'),
        expiresAt: instant(`When the step ends (${secondStepSeconds / 60} minutes after it began)`),
        methods: Type.Array(literalUnion(secondStepMethods, { description: 'A way to pass it' }), {
          minItems: 1,
          maxItems: secondStepMethods.length,
          description: 'The ways this account can pass it: passkey, totp, recovery',
        }),
      },
      { description: 'The second step the sign-in waits for' },
    ),
  },
  { description: 'A right password: the second step comes next' },
);

/** See {@link SecondStepSchema}. */
export type SecondStep = Static<typeof SecondStepSchema>;

/** An authenticator app's 6-digit code, or a recovery code ('abcde-fghjk'). */
const CodeSchema = Type.String({
  minLength: totpDigits,
  maxLength: 11,
  pattern: `^([0-9]{${totpDigits}}|${recoveryCodePattern.slice(1, -1)})$`,
  description: `A ${totpDigits}-digit code of the authenticator app, or a recovery code`,
});

/** `POST /login/second-step` body: the step passed with a code. */
export const SecondStepCodeBodySchema = Type.Object(
  {
    token: OpaqueTokenSchema('The second step, as the sign-in answered it'),
    method: literalUnion(secondStepCodeMethods, { description: 'totp or recovery' }),
    code: CodeSchema,
  },
  { additionalProperties: false, description: 'A second step passed with a code' },
);

/** See {@link SecondStepCodeBodySchema}. */
export type SecondStepCodeBody = Static<typeof SecondStepCodeBodySchema>;

/**
 * A WebAuthn JSON object as the browser's library gives it (options or a credential): checked by
 * the server's WebAuthn library, bounded here in size and depth.
 */
const WebAuthnJsonSchema = (description: string) =>
  Type.Unsafe<Record<string, unknown>>(
    Type.Object({}, { additionalProperties: true, maxProperties: 16, description }),
  );

/** The options of a passkey ceremony, and the challenge they carry (single-use, 5 minutes). */
export const PasskeyOptionsSchema = Type.Object(
  {
    challengeId: OpaqueTokenSchema('Names the challenge in the call that answers it'),
    options: WebAuthnJsonSchema(
      'PublicKeyCredentialRequestOptionsJSON or PublicKeyCredentialCreationOptionsJSON',
    ),
  },
  { description: 'Options for navigator.credentials (through @simplewebauthn/browser)' },
);

/** See {@link PasskeyOptionsSchema}. */
export type PasskeyOptions = Static<typeof PasskeyOptionsSchema>;

/** A passkey's answer to a challenge. */
const PasskeyAnswerProperties = {
  challengeId: OpaqueTokenSchema('The challenge answered'),
  credential: WebAuthnJsonSchema('AuthenticationResponseJSON or RegistrationResponseJSON'),
};

/** `POST /passkeys/sign-in` body: a sign-in with a passkey alone (a discoverable credential). */
export const PasskeySignInBodySchema = Type.Object(PasskeyAnswerProperties, {
  additionalProperties: false,
  description: 'An assertion of a discoverable passkey',
});

/** See {@link PasskeySignInBodySchema}. */
export type PasskeySignInBody = Static<typeof PasskeySignInBodySchema>;

/** `POST /login/second-step/passkey/options` body. */
export const SecondStepTokenBodySchema = Type.Object(
  { token: OpaqueTokenSchema('The second step, as the sign-in answered it') },
  { additionalProperties: false, description: 'The second step a passkey will pass' },
);

/** See {@link SecondStepTokenBodySchema}. */
export type SecondStepTokenBody = Static<typeof SecondStepTokenBodySchema>;

/** `POST /login/second-step/passkey` body. */
export const SecondStepPasskeyBodySchema = Type.Object(
  { token: OpaqueTokenSchema('The second step'), ...PasskeyAnswerProperties },
  { additionalProperties: false, description: 'A second step passed with a passkey' },
);

/** See {@link SecondStepPasskeyBodySchema}. */
export type SecondStepPasskeyBody = Static<typeof SecondStepPasskeyBodySchema>;

/** A passkey's name, as the coach gives it. */
const PasskeyNameSchema = FreeTextSchema(
  {
    minLength: 1,
    maxLength: passkeyNameMaxLength,
    description: `1 to ${passkeyNameMaxLength} characters, not only white space`,
  },
  notBlankLookahead,
);

/** A passkey of the account. */
export const PasskeySchema = Type.Object(
  {
    id: IdSchema,
    name: Type.String({ maxLength: passkeyNameMaxLength }),
    addedAt: instant('When it was added'),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When it last signed in or confirmed; null: never yet',
    }),
  },
  { description: 'A passkey of the account' },
);

/** See {@link PasskeySchema}. */
export type Passkey = Static<typeof PasskeySchema>;

/** `GET /sign-in-methods` answer. */
export const SignInMethodsSchema = Type.Object(
  {
    passkeys: Type.Array(PasskeySchema, { maxItems: passkeysMax }),
    authenticator: Type.Union(
      [Type.Object({ addedAt: instant('When it was confirmed') }), Type.Null()],
      { description: 'The authenticator app, once confirmed; null: none' },
    ),
    recoveryCodesLeft: Type.Integer({ minimum: 0, maximum: recoveryCodeCount }),
    isSecondFactorRequired: Type.Boolean({
      description: 'REQUIRE_MFA: every coach enrols one, and the last one can not be removed',
    }),
    mustEnrol: Type.Boolean({
      description: 'This session may do nothing else until a second factor is enrolled',
    }),
    recentSecondFactorUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        'Until when this session may remove a factor or change the password or email without being asked again',
    }),
  },
  { description: "The account's sign-in methods" },
);

/** See {@link SignInMethodsSchema}. */
export type SignInMethods = Static<typeof SignInMethodsSchema>;

/** `POST /passkeys` body: the passkey made for the registration challenge, and its name. */
export const AddPasskeyBodySchema = Type.Object(
  { name: PasskeyNameSchema, ...PasskeyAnswerProperties },
  { additionalProperties: false, description: 'A new passkey' },
);

/** See {@link AddPasskeyBodySchema}. */
export type AddPasskeyBody = Static<typeof AddPasskeyBodySchema>;

/** `PATCH /passkeys/:id` body. */
export const RenamePasskeyBodySchema = Type.Object(
  { name: PasskeyNameSchema },
  { additionalProperties: false, description: "A passkey's new name" },
);

/** See {@link RenamePasskeyBodySchema}. */
export type RenamePasskeyBody = Static<typeof RenamePasskeyBodySchema>;

/** `/passkeys/:id` parameters. */
export const PasskeyParamsSchema = Type.Object({ id: IdSchema }, { description: 'A passkey' });

/** `POST /authenticator/enrolment` answer: the secret to scan or type, not yet in use. */
export const AuthenticatorEnrolmentSchema = Type.Object(
  {
    secret: Type.String({
      minLength: 32,
      maxLength: 32,
      pattern: '^[A-Z2-7]{32}$',
      description: 'The shared secret, base32',
    }),
    uri: Type.String({
      maxLength: 512,
      description: 'otpauth://totp/... (what the QR code holds)',
    }),
    qrSvg: Type.String({ maxLength: 100_000, description: 'The QR code of `uri`, as SVG' }),
  },
  { description: 'An authenticator app to confirm with its first code' },
);

/** See {@link AuthenticatorEnrolmentSchema}. */
export type AuthenticatorEnrolment = Static<typeof AuthenticatorEnrolmentSchema>;

/** `POST /authenticator` and `POST /session/second-factor` bodies with an app's code. */
export const AuthenticatorCodeBodySchema = Type.Object(
  {
    code: Type.String({
      minLength: totpDigits,
      maxLength: totpDigits,
      pattern: `^[0-9]{${totpDigits}}$`,
      description: `The app's ${totpDigits}-digit code`,
    }),
  },
  { additionalProperties: false, description: "An authenticator app's code" },
);

/** See {@link AuthenticatorCodeBodySchema}. */
export type AuthenticatorCodeBody = Static<typeof AuthenticatorCodeBodySchema>;

/** `POST /session/second-factor` body: this session confirms a second factor. */
export const ConfirmSecondFactorBodySchema = Type.Object(
  {
    method: literalUnion(secondStepCodeMethods, { description: 'totp or recovery' }),
    code: CodeSchema,
  },
  { additionalProperties: false, description: 'A second factor confirmed with a code' },
);

/** See {@link ConfirmSecondFactorBodySchema}. */
export type ConfirmSecondFactorBody = Static<typeof ConfirmSecondFactorBodySchema>;

/** Recovery codes, shown once. */
export const RecoveryCodesSchema = Type.Object(
  {
    recoveryCodes: Type.Array(Type.String({ maxLength: 11, pattern: recoveryCodePattern }), {
      minItems: recoveryCodeCount,
      maxItems: recoveryCodeCount,
      description: 'Each usable once; only their hashes are kept',
    }),
  },
  { description: 'New recovery codes (the former ones no longer work)' },
);

/** See {@link RecoveryCodesSchema}. */
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/** The calls of the second factors (the auth service). */
export const signInFactorRoutes = {
  completeSecondStep: {
    ...routeCalls.completeSecondStep,
    summary: "Pass a sign-in's second step with an authenticator app's code or a recovery code",
    body: SecondStepCodeBodySchema,
    response: { 200: TokensSchema, ...errors(400, 401, 429) },
  },
  secondStepPasskeyOptions: {
    ...routeCalls.secondStepPasskeyOptions,
    summary: "A challenge for the account's passkeys, to pass a sign-in's second step",
    body: SecondStepTokenBodySchema,
    response: { 200: PasskeyOptionsSchema, ...errors(400, 401, 429) },
  },
  completeSecondStepWithPasskey: {
    ...routeCalls.completeSecondStepWithPasskey,
    summary: "Pass a sign-in's second step with a passkey",
    body: SecondStepPasskeyBodySchema,
    response: { 200: TokensSchema, ...errors(400, 401, 429) },
  },
  passkeySignInOptions: {
    ...routeCalls.passkeySignInOptions,
    summary: 'A challenge for a sign-in with a passkey alone (any discoverable passkey)',
    response: { 200: PasskeyOptionsSchema, ...errors(429) },
  },
  signInWithPasskey: {
    ...routeCalls.signInWithPasskey,
    summary: 'Sign in with a passkey alone',
    body: PasskeySignInBodySchema,
    response: { 200: TokensSchema, ...errors(400, 401, 429) },
  },
  listSignInMethods: {
    ...routeCalls.listSignInMethods,
    summary: "The caller's passkeys, authenticator app and recovery codes left (coaches)",
    response: { 200: SignInMethodsSchema, ...errors(401, 403) },
  },
  passkeyRegistrationOptions: {
    ...routeCalls.passkeyRegistrationOptions,
    summary: 'A challenge to make a new passkey of the caller',
    response: { 200: PasskeyOptionsSchema, ...errors(401, 403, 409, 429) },
  },
  addPasskey: {
    ...routeCalls.addPasskey,
    summary: 'Add the passkey made for the registration challenge, named',
    body: AddPasskeyBodySchema,
    response: { 201: PasskeySchema, ...errors(400, 401, 403, 409, 429) },
  },
  renamePasskey: {
    ...routeCalls.renamePasskey,
    summary: "Rename one of the caller's passkeys",
    params: PasskeyParamsSchema,
    body: RenamePasskeyBodySchema,
    response: { 200: PasskeySchema, ...errors(400, 401, 403, 404) },
  },
  removePasskey: {
    ...routeCalls.removePasskey,
    summary: "Remove one of the caller's passkeys (a second factor used in the last 5 minutes)",
    params: PasskeyParamsSchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 409) },
  },
  startAuthenticatorEnrolment: {
    ...routeCalls.startAuthenticatorEnrolment,
    summary: 'A new secret for an authenticator app, to confirm with its first code',
    response: { 200: AuthenticatorEnrolmentSchema, ...errors(401, 403, 409, 429) },
  },
  confirmAuthenticator: {
    ...routeCalls.confirmAuthenticator,
    summary: "Turn authenticator codes on with the app's first code; answers ten recovery codes",
    body: AuthenticatorCodeBodySchema,
    response: { 200: RecoveryCodesSchema, ...errors(400, 401, 403, 409, 429) },
  },
  removeAuthenticator: {
    ...routeCalls.removeAuthenticator,
    summary: 'Turn authenticator codes off (a second factor used in the last 5 minutes)',
    response: { 204: NoContentSchema, ...errors(401, 403, 404, 409) },
  },
  regenerateRecoveryCodes: {
    ...routeCalls.regenerateRecoveryCodes,
    summary:
      'Ten new recovery codes; the former ones stop working (a recent second factor; 404 without the authenticator app)',
    response: { 200: RecoveryCodesSchema, ...errors(401, 403, 404, 409) },
  },
  confirmSecondFactor: {
    ...routeCalls.confirmSecondFactor,
    summary: "Confirm a second factor in this session with an app's code or a recovery code",
    body: ConfirmSecondFactorBodySchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 429) },
  },
  secondFactorPasskeyOptions: {
    ...routeCalls.secondFactorPasskeyOptions,
    summary: "A challenge for the caller's passkeys, to confirm a second factor in this session",
    response: { 200: PasskeyOptionsSchema, ...errors(401, 403, 409, 429) },
  },
  confirmSecondFactorWithPasskey: {
    ...routeCalls.confirmSecondFactorWithPasskey,
    summary: 'Confirm a second factor in this session with a passkey',
    body: PasskeySignInBodySchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 429) },
  },
} as const satisfies Record<string, RouteDefinition>;

/**
 * The calls a session that must enrol a second factor (REQUIRE_MFA) may make; every other call of
 * a signed-in caller answers 403 `second_factor_enrolment_required` until one is enrolled.
 */
export const routesOpenToEnrolment = [
  'currentSession',
  'refresh',
  'logout',
  'listSignInMethods',
  'passkeyRegistrationOptions',
  'addPasskey',
  'startAuthenticatorEnrolment',
  'confirmAuthenticator',
  'confirmPassword',
] as const satisfies readonly RouteCallName[];
