import { ofetch } from 'ofetch';
import { fillPath, type HttpMethod, routeCalls } from '../contract/routeCalls.ts';
import { toApiError } from './errors.ts';
import type { Session } from './session.ts';

/** Query string values; undefined ones are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

/** The answer formats a call may ask for. */
export type ResponseFormat = 'json' | 'blob' | 'text' | 'arrayBuffer' | 'stream';

/** Options of a generic {@link ServiceRequest}. */
export type RequestOptions = {
  method?: HttpMethod;
  /** `:name` path parameters, filled in URI-encoded. */
  params?: Record<string, string>;
  query?: QueryValues;
  /** A JSON value (sent as JSON) or raw bytes (Blob, ArrayBuffer, Uint8Array...). */
  body?: unknown;
  headers?: Record<string, string>;
  responseType?: ResponseFormat;
  /** Whether the call needs the session (refresh and retry on a 401). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
};

/** A typed call to one service: `request<Answer>(path, options)`. */
export type ServiceRequest = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/** Creates the request function of one service over its own `ofetch` instance. */
export function createServiceRequest(options: {
  baseURL: string;
  session: Session;
  isRefreshPath?: (path: string) => boolean;
  fetch?: typeof globalThis.fetch;
  /** Called when an answer is 403 `second_factor_enrolment_required` (before it rejects). */
  onEnrolmentRequired?: () => void;
}): ServiceRequest {
  const { baseURL, session, isRefreshPath, onEnrolmentRequired } = options;
  // No ofetch retries: the only retry is the one after a refresh, so calls are never doubled.
  const client = ofetch.create(
    { baseURL, retry: 0 },
    options.fetch ? { fetch: options.fetch } : undefined,
  );

  return function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const {
      method = 'GET',
      params,
      query,
      body,
      headers,
      responseType,
      auth = true,
      signal,
    } = requestOptions;
    const url = fillPath(path, params);
    const send = (accessToken: string | null): Promise<T> =>
      client<T>(url, {
        method,
        query: query && withoutUndefined(query),
        body: body as BodyInit | Record<string, unknown> | undefined,
        headers: {
          ...headers,
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        },
        responseType: responseType as 'json',
        signal,
      });
    if (isRefreshPath?.(url)) return session.runRefreshCall(send);
    const answer = auth ? session.run(send) : session.runWithoutRefresh(send);
    if (!onEnrolmentRequired) return answer;
    return answer.catch((error: unknown) => {
      if (toApiError(error).code === 'second_factor_enrolment_required') onEnrolmentRequired();
      throw error;
    });
  };
}

/** Whether an auth service path is the refresh path (never refreshed itself). */
export function isAuthRefreshPath(path: string): boolean {
  return path.replace(/[?#].*$/, '').replace(/\/+$/, '') === routeCalls.refresh.path;
}

function withoutUndefined(query: QueryValues): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
    ),
  );
}
