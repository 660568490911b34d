import { errorStatuses, isServerErrorCode, validationFailureMessage } from '@coach/api';
import { messages } from '@coach/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  databaseRetryAfterSeconds,
  isDatabaseUnavailable,
  unavailableReason,
} from '../db/unavailable.ts';
import { DomainError } from '../domainError.ts';
import { bodyTooSlowCode } from './bodyRate.ts';
import { isClientGone } from './logging.ts';

/** The JSON body of every error the server answers with. */
export type ErrorBody = { error: string; message: string };

/**
 * The one error handler of the server: every refusal (a DomainError, thrown by the domain, the
 * stores, the routes or the hooks) is answered here with the status the contract's catalogue
 * gives its code; the framework's own errors (validation, parsing, limits) get the API's body.
 * Each answer is sent, not returned: a returned reply is a thenable that Fastify waits on, each
 * wait one more 'close' listener on the answer (eleven on a 404, past Node's leak warning).
 */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | DomainError>((error, request, reply) => {
    // A client that closed its connection mid-request: nobody to answer, and no server fault
    // (its body stream fails with ECONNRESET, which would otherwise read as the database's).
    // The aborted-request log line says so.
    if (isClientGone(request)) {
      reply.hijack();
      return;
    }
    if (error instanceof DomainError) {
      // A refusal from the domain: the contract's catalogue gives its status.
      if (error.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      const body: ErrorBody = { error: error.code, message: error.message };
      reply.status(errorStatuses[error.code]).send(body);
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // The database server is stopped, restarting or full: no answer to wait for, try again soon.
      request.log.warn({ reason: unavailableReason(error) }, 'database unavailable');
      reply.header('Retry-After', String(databaseRetryAfterSeconds));
      const body: ErrorBody = {
        error: 'service_unavailable',
        message: messages.serviceUnavailable,
      };
      reply.status(errorStatuses.service_unavailable).send(body);
      return;
    }
    // The rest of a too slow body is not waited for: the connection ends with the answer.
    if (error.code === bodyTooSlowCode) reply.header('Connection', 'close');
    reply.status(errorStatus(error)).send(toErrorBody(error, request, request.log));
  });
}

function errorStatus(error: FastifyError): number {
  if (error.validation) return 400;
  return error.statusCode && error.statusCode >= 400 && error.statusCode < 600
    ? error.statusCode
    : 500;
}

/** The JSON error body: spec texts for validation, plain words for parsing, nothing internal. */
function toErrorBody(
  error: FastifyError,
  request: { body?: unknown; query?: unknown; params?: unknown },
  log: { error: (details: object, message: string) => void },
): ErrorBody {
  if (error.validation) {
    const input =
      error.validationContext === 'querystring'
        ? request.query
        : error.validationContext === 'params'
          ? request.params
          : request.body;
    // Worded by the contract, as the mocks word it (Ajv stops at the first problem, but a union
    // reports each of its branches).
    const message = validationFailureMessage(
      error.validation,
      input,
      error.validationContext ?? 'request',
    );
    return { error: 'validation_failed', message };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { error: 'invalid_json', message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { error: 'payload_too_large', message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { error: 'unsupported_media_type', message: 'Unsupported content type' };
    case bodyTooSlowCode:
      return { error: 'request_timeout', message: messages.requestBodyTooSlow };
  }
  const status = errorStatus(error);
  if (status >= 500) {
    log.error({ err: error }, 'request failed');
    return { error: 'internal_error', message: 'Something went wrong on our side' };
  }
  // Fastify's own codes (FST_ERR_...) are not the API's: they answer as a plain bad request.
  return {
    error: isServerErrorCode(error.code) ? error.code : 'bad_request',
    message: error.message,
  };
}
