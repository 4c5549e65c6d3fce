import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate';

/** The migrations folder as it was before `tag`: the journal stops just before it. */
async function foldersBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migraciones-'));
  await cp(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0005: phones in E.164', () => {
  let client: PGlite;
  let before: string;
  beforeAll(async () => {
    client = await PGlite.create();
    before = await foldersBefore('0005_phones_e164');
  });
  afterAll(async () => {
    await client.close();
    await rm(before, { recursive: true, force: true });
  });

  it('rewrites the phones earlier versions stored to E.164', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO users (id, name, email, password_hash, phone) VALUES
        (9001, 'Rosa', 'rosa-migra@example.com', 'x', '56912345678'),
        (9002, 'Juan', 'juan-migra@example.com', 'x', NULL),
        (9003, 'Ana', 'ana-migra@example.com', 'x', '+56 9 8765 4321');
      INSERT INTO user_phones (user_id, phone, confirmed_at) VALUES
        (9001, '56911112222', now()),
        (9001, '+56911112222', NULL),
        (9003, '56933334444', NULL);
      INSERT INTO verification_codes (user_id, phone, purpose, channel, expires_at) VALUES
        (9001, '56911112222', 'login', 'sms', now());
      INSERT INTO draw_winners (position, name, phone) VALUES (1, 'Diego', '+56944478120');
    `);

    await migrate(db, { migrationsFolder: migrationsFolder() });

    const users = await client.query<{ id: number; phone: string | null }>(
      'SELECT id, phone FROM users WHERE id >= 9001 ORDER BY id',
    );
    expect(users.rows).toEqual([
      { id: 9001, phone: '+56912345678' },
      { id: 9002, phone: null },
      { id: 9003, phone: '+56987654321' },
    ]);
    const phones = await client.query<{ user_id: number; phone: string; confirmed: boolean }>(
      'SELECT user_id, phone, confirmed_at IS NOT NULL AS confirmed FROM user_phones ORDER BY user_id, phone',
    );
    expect(phones.rows).toEqual([
      { user_id: 9001, phone: '+56911112222', confirmed: true },
      { user_id: 9003, phone: '+56933334444', confirmed: false },
    ]);
    const codes = await client.query<{ phone: string }>('SELECT phone FROM verification_codes');
    expect(codes.rows).toEqual([{ phone: '+56911112222' }]);
    const winners = await client.query<{ phone: string }>('SELECT phone FROM draw_winners');
    expect(winners.rows).toEqual([{ phone: '+56944478120' }]);
  });
});
