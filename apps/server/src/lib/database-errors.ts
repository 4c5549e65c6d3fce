/**
 * Whether a query failed on a foreign key (SQLSTATE 23503): a row it names was deleted meanwhile,
 * such as an account deleted while one of its sign-ins was writing a session. PostgreSQL and PGlite
 * give the same code; Drizzle wraps the driver's error as `cause`.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
