import type { DatabaseHandle } from './client';
import { migrateThen } from './migrate';
import { seedDatabase, type SeedOptions, type SeedOutcome } from './seed/seed';

/**
 * What every start does before it serves: migrate and seed, both under the migration lock, so
 * any number of processes may start together on an empty database (decision 056).
 */
export function prepareDatabase(database: DatabaseHandle, seed: SeedOptions): Promise<SeedOutcome> {
  return migrateThen(database, () => seedDatabase(database.db, seed));
}
