import { type TSchema, Type } from 'typebox';
import type { ServiceName } from '../services.ts';
import { ApiErrorBodySchema } from './common.ts';

/** The HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of a service, as the server registers it and OpenAPI documents it. */
export type RouteDefinition = {
  /** The service whose base path the route lives under (`/api/<service>`). */
  service: ServiceName;
  method: HttpMethod;
  /** Path relative to the service base, Fastify style (`/persons/:id`). */
  path: string;
  /** One line for OpenAPI. */
  summary: string;
  /** Whether a valid bearer access token is required. */
  auth: boolean;
  params?: TSchema;
  query?: TSchema;
  /** JSON body schema; binary bodies use {@link RouteDefinition.requestContentTypes} instead. */
  body?: TSchema;
  /** For a binary body: the accepted content types (the body is raw bytes). */
  requestContentTypes?: readonly string[];
  /**
   * Largest request body in bytes, refused with a 413 before it is parsed; without it
   * {@link defaultBodyLimit}. Set where a body at the schema's limits is larger.
   */
  bodyLimit?: number;
  /** For a binary answer: the content types it may have. */
  responseContentTypes?: readonly string[];
  /** Answer schema by status: the success status first, then the error statuses (ApiErrorBody). */
  response: Record<number, TSchema>;
};

/**
 * Largest request body of a route without its own `bodyLimit`: every such body at its schema's
 * limits fits, even with each character escaped (`\uXXXX`, 6 bytes).
 */
export const defaultBodyLimit = 64 * 1024;

/** The answer of a 204. */
export const NoContentSchema = Type.Null({ description: 'No content' });

/** The answer of a 304: the caller's cached copy (by its ETag) is still the current one. */
export const NotModifiedSchema = Type.Null({
  description: 'Not modified: the cached copy is current',
});

/** The error answers of a route: the contract's error body for each status. */
export function errors<const Statuses extends readonly number[]>(
  ...statuses: Statuses
): { [Status in Statuses[number]]: typeof ApiErrorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorBodySchema])) as {
    [Status in Statuses[number]]: typeof ApiErrorBodySchema;
  };
}
