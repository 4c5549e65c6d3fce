import type { ErrorCode } from '@seguridad/contracts/http/error-codes';

/** An error a route throws on purpose: its status, a Spanish message for people, and a stable name. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: ErrorCode,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
