import { z } from 'zod';

/** The largest value of a PostgreSQL `integer`/`serial` column: a bigger id can match no row. */
export const DATABASE_ID_MAX = 2_147_483_647;

/** A row id in a path or query (text, so coerced): past the column's range it is a 400, never a 500. */
export const databaseIdSchema = z.coerce.number().int().positive().max(DATABASE_ID_MAX);

/** A row id inside a JSON body or socket payload, where it must already be a number. */
export const databaseIdValueSchema = z.number().int().positive().max(DATABASE_ID_MAX);
