import type {
  AcceptInviteBody,
  CreateInviteBody,
  Invite,
  InviteCheck,
  InviteList,
  InviteTokenBody,
  LoginBody,
  LogoutBody,
  PasswordResetBody,
  PasswordResetRequestAnswer,
  PasswordResetRequestBody,
  RefreshBody,
  User,
  UserList,
  VerifyResetCodeBody,
  VerifyResetCodeResponse,
} from '../contract/auth.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import type { TokenStore } from '../tokens.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';
import {
  createSignInFactorsClient,
  type SignInFactorsClient,
  type TokensOrSecondStep,
} from './signInFactors.ts';

/** The typed calls of the auth service. */
export type AuthClient = {
  /**
   * `POST /login`: the tokens (the caller stores them), or for an account with a second factor a
   * second step to pass (202, see `isSecondStep`: nothing to store then); a wrong password is a
   * 401 ApiError, and so is an account that asks for its mailed code as well
   * (`sign_in_code_required`: send again with `code`).
   */
  login(body: LoginBody): Promise<TokensOrSecondStep>;
  /** `GET /session/current`: the signed-in user. */
  currentSession(): Promise<User>;
  /** `POST /session/logout`: revokes the stored refresh token unless another is given. */
  logout(body?: LogoutBody): Promise<void>;
  /** `POST /session/refresh`: new tokens; a failure resets the session at once. */
  refresh(body: RefreshBody): Promise<Tokens>;
  /** `GET /users`: the users the caller may see. */
  listUsers(): Promise<UserList>;
  /** `POST /invites`: invites a client by email. */
  createInvite(body: CreateInviteBody): Promise<Invite>;
  /** `GET /invites`: the caller's pending invites, expired ones included. */
  listInvites(): Promise<InviteList>;
  /** `POST /invites/{id}/resend`: mails the invite again with a new link and expiry. */
  resendInvite(id: string): Promise<Invite>;
  /** `DELETE /invites/{id}`: withdraws a pending invite. */
  withdrawInvite(id: string): Promise<void>;
  /** `POST /invites/check`: whether an invite link is live, and for whom (no session needed). */
  checkInvite(body: InviteTokenBody): Promise<InviteCheck>;
  /** `POST /invites/accept`: the invited client sets a password; answers tokens. */
  acceptInvite(body: AcceptInviteBody): Promise<Tokens>;
  /**
   * `POST /passwordReset/request`: mails a reset code; answers the request's id, which the next
   * steps send with the code (so the code is checked against that request's own tries).
   */
  requestPasswordReset(body: PasswordResetRequestBody): Promise<PasswordResetRequestAnswer>;
  /** `POST /passwordReset/verifyCode`: checks a reset code (a wrong one is a 400 ApiError). */
  verifyResetCode(body: VerifyResetCodeBody): Promise<VerifyResetCodeResponse>;
  /**
   * `POST /passwordReset`: sets the new password; answers tokens, or for an account with a second
   * factor a second step to pass (202).
   */
  resetPassword(body: PasswordResetBody): Promise<TokensOrSecondStep>;
  /** Any other call of the service. */
  request: ServiceRequest;
} & SignInFactorsClient;

/** Creates the {@link AuthClient} over the auth service's request function. */
export function createAuthClient(request: ServiceRequest, tokens: TokenStore): AuthClient {
  return {
    login: (body) => callRoute(request, 'login', { body }),
    currentSession: () => callRoute(request, 'currentSession'),
    async logout(body) {
      const refreshToken = body?.refreshToken ?? tokens.getRefreshToken() ?? undefined;
      await callRoute(request, 'logout', { body: refreshToken ? { refreshToken } : {} });
    },
    refresh: (body) => callRoute(request, 'refresh', { body }),
    listUsers: () => callRoute(request, 'listUsers'),
    createInvite: (body) => callRoute(request, 'createInvite', { body }),
    listInvites: () => callRoute(request, 'listInvites'),
    resendInvite: (id) => callRoute(request, 'resendInvite', { params: { id } }),
    async withdrawInvite(id) {
      await callRoute(request, 'withdrawInvite', { params: { id } });
    },
    checkInvite: (body) => callRoute(request, 'checkInvite', { body }),
    acceptInvite: (body) => callRoute(request, 'acceptInvite', { body }),
    requestPasswordReset: (body) => callRoute(request, 'requestPasswordReset', { body }),
    verifyResetCode: (body) => callRoute(request, 'verifyResetCode', { body }),
    resetPassword: (body) => callRoute(request, 'resetPassword', { body }),
    ...createSignInFactorsClient(request),
    request,
  };
}
