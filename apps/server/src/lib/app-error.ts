/** An error a route throws on purpose: its status, a Spanish message for people, and a stable name. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
