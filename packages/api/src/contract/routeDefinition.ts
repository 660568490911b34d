import { type TSchema, Type } from 'typebox';
import { ApiErrorBodySchema } from './errorCatalogue.ts';
import type { RouteCall } from './routeCalls.ts';

/**
 * One call of a service, as the server registers it and OpenAPI documents it: how it is made
 * (its {@link RouteCall}) with its schemas.
 */
export type RouteDefinition = RouteCall & {
  /** One line for OpenAPI. */
  summary: string;
  params?: TSchema;
  query?: TSchema;
  /** Request headers the route reads (lower-case names), documented in OpenAPI. */
  headers?: TSchema;
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
