export { type AccountClient, createAccountClient } from './client/account.ts';
export { type AuthClient, createAuthClient } from './client/auth.ts';
export {
  ApiError,
  type ApiErrorCode,
  codeForStatus,
  isApiError,
  toApiError,
} from './client/errors.ts';
export {
  type CoachApi,
  type CoachApiOptions,
  createCoachApi,
  type GenericServiceClient,
  type GenericServiceName,
} from './client/index.ts';
export type {
  QueryValues,
  RequestOptions,
  ResponseFormat,
  ServiceRequest,
} from './client/request.ts';
export { createResourceClient, type ImageBody, type ResourceClient } from './client/resource.ts';
export * from './contract/index.ts';
export {
  defaultServiceBaseUrls,
  type ServiceBaseUrls,
  type ServiceName,
  serviceNames,
} from './services.ts';
export {
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  type TokenStorage,
  type TokenStore,
  tokenStorageKeys,
} from './tokens.ts';
