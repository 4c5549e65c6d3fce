import { prepareDataTemplate } from '../fixtures';

/** Once per run, before any worker: the servers' migrated and seeded data directory. */
export default async function globalSetup(): Promise<() => void> {
  return prepareDataTemplate();
}
