import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@seguridad/contracts/http/api-route';
import { errorMessages } from '@seguridad/contracts/messages';
import type { ApiError } from '@seguridad/contracts/http/errors';
import { AppError } from '../lib/app-error';
import type { ErrorCode } from '@seguridad/contracts/http/error-codes';

const messageByStatus: Record<number, { error: ErrorCode; message: string }> = {
  400: { error: 'bad_request', message: errorMessages.badRequest },
  401: { error: 'unauthorized', message: errorMessages.unauthorized },
  403: { error: 'forbidden', message: errorMessages.forbidden },
  404: { error: 'not_found', message: errorMessages.notFound },
  413: { error: 'payload_too_large', message: errorMessages.payloadTooLarge },
  415: { error: 'unsupported_media_type', message: errorMessages.unsupportedMediaType },
  429: { error: 'too_many_requests', message: errorMessages.tooManyRequests },
};

/**
 * Failures that reach us without a status of their own but are the client's doing: a broken or
 * truncated multipart form (busboy's errors carry only a message), a form that is not multipart,
 * text the database cannot store. Returns undefined for anything else.
 */
export function clientFailure(failure: Error & { code?: unknown; cause?: unknown }): AppError | undefined {
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = failure.message ?? '';
  if (
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    /^(Unsupported Content-Type|Missing Content-Type)/i.test(message)
  ) {
    return new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
  }
  if (
    /^(Multipart: Boundary not found|Boundary required|Unexpected end of|Malformed part header)/.test(
      message,
    ) ||
    /terminated early due to unexpected end of multipart data$/.test(message) ||
    code === 'FST_PROTO_VIOLATION'
  ) {
    return new AppError(400, 'malformed_form', errorMessages.malformedForm);
  }
  // 22021: invalid byte sequence (a NUL character in text); 22P05: untranslatable character.
  if (code === '22021' || code === '22P05') {
    return new AppError(400, 'invalid_characters', errorMessages.invalidCharacters);
  }
  if (failure.cause instanceof Error) return clientFailure(failure.cause);
  return undefined;
}

export function errorBody(
  statusCode: number,
  error: ErrorCode,
  message: string,
  data: string[] = [],
): ApiError {
  return { success: false, code: statusCode, error, message, data: data.length > 0 ? data : [message] };
}

/** Turns every failure into the one JSON error shape, in Spanish, with a status that means what it says. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((received: FastifyError, request, reply) => {
      const failure = received instanceof AppError ? received : (clientFailure(received) ?? received);
      if (failure instanceof AppError) {
        return reply
          .code(failure.statusCode)
          .send(errorBody(failure.statusCode, failure.error, failure.message, failure.details));
      }
      if (hasZodFastifySchemaValidationErrors(failure)) {
        const details = failure.validation.map((issue) => issue.message ?? errorMessages.badRequest);
        return reply.code(400).send(errorBody(400, 'validation_failed', errorMessages.badRequest, details));
      }
      const statusCode = failure.statusCode && failure.statusCode >= 400 ? failure.statusCode : 500;
      if (statusCode >= 500) {
        request.log.error({ err: failure, reqId: request.id }, 'request failed');
        return reply.code(statusCode).send(errorBody(statusCode, 'internal_error', errorMessages.generic));
      }
      const known: { error: ErrorCode; message: string } = messageByStatus[statusCode] ?? {
        error: 'request_error',
        message: errorMessages.badRequest,
      };
      return reply.code(statusCode).send(errorBody(statusCode, known.error, known.message));
    });

    // Pages get the website's 404 page; API callers get the JSON error.
    app.setNotFoundHandler((request, reply) => {
      app.observeUnmatchedRequest(request, 404);
      const wantsPage = request.method === 'GET' && !request.url.startsWith(API_PREFIX);
      if (wantsPage && app.sendWebNotFound) return app.sendWebNotFound(request, reply);
      return reply.code(404).send(errorBody(404, 'route_not_found', errorMessages.routeNotFound));
    });
  },
  { name: 'errors', dependencies: ['metrics'] },
);
