import { DRAW } from '@seguridad/contracts/constants';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import {
  promoApi,
  type DrawnEntry,
  type OperatorDrawResponse,
  type PublicDraw,
} from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { drawWinnerMail } from './draw-mails';
import { currentDraw, insertDraw, recordDrawResult, type DrawRow } from './draw-queries';
import { commitmentOf, listHashOf, newSeed, shuffleWithSeed } from './draw-shuffle';
import { entriesByIds, entryCount, replacePublishedWinners } from './promo-queries';
import { eligibleEntries } from './promo-service';
import type { Deps } from '../../lib/dependencies';

/** Alternates the console lists after the winners, for prizes nobody claims. */
const ALTERNATES_SHOWN = 20;
/** A schedule this far in the past still counts as "now" (the console's clock has minutes only). */
const SCHEDULE_SLACK_MS = 5 * 60 * 1000;

/** How a person is named in public lists: first name and the initial of the last name. */
export function publicName(name: string, lastname: string): string {
  const initial = lastname.trim().charAt(0);
  return initial ? `${name.trim()} ${initial.toUpperCase()}.` : name.trim();
}

export function publicDrawOf(row: DrawRow): PublicDraw {
  return {
    state: row.drawnAt ? 'drawn' : 'published',
    commitment: row.commitment,
    list_hash: row.listHash,
    eligible_count: row.eligible.length,
    scheduled_at: row.scheduledAt.toISOString(),
    published_at: row.publishedAt.toISOString(),
    seed: row.drawnAt ? row.seed : null,
    drawn_at: row.drawnAt?.toISOString() ?? null,
    list_url: promoApi.eligibleList.path(),
  };
}

/**
 * Freezes the eligible list and commits to a fresh secret seed. Only once per campaign: a second
 * publication (or two at once) is refused.
 */
export async function publishDraw(app: Deps<'database'>, adminId: number, scheduledAt: Date): Promise<void> {
  const db = app.database.db;
  if (scheduledAt.getTime() < Date.now() - SCHEDULE_SLACK_MS) {
    throw new AppError(422, 'schedule_in_past', promoTexts.scheduleInPast);
  }
  if (await currentDraw(db)) throw new AppError(409, 'draw_published', promoTexts.alreadyPublished);
  const eligible = await eligibleEntries(db);
  if (eligible.length === 0) throw new AppError(409, 'no_eligible', promoTexts.noEligible);
  const seed = newSeed();
  const published = await insertDraw(db, {
    seed,
    commitment: commitmentOf(seed),
    listHash: listHashOf(eligible.map((entry) => entry.id)),
    eligible: eligible.map((entry) => ({
      id: entry.id,
      name: publicName(entry.name, entry.lastname),
      phone: maskPhone(entry.phone),
    })),
    scheduledAt,
    publishedBy: adminId,
  });
  if (!published) throw new AppError(409, 'draw_published', promoTexts.alreadyPublished);
}

/**
 * Reveals the seed and stores the winners' order. Running it again answers the same result and
 * sends nothing: only the call that records the result publishes the winners and e-mails them.
 */
export async function runDraw(
  app: Deps<'config' | 'database' | 'log' | 'mail'>,
  adminId: number,
): Promise<void> {
  const db = app.database.db;
  const draw = await currentDraw(db);
  if (!draw) throw new AppError(409, 'draw_not_published', promoTexts.notYetPublished);
  if (draw.drawnAt) return;
  if (draw.scheduledAt.getTime() > Date.now()) throw new AppError(409, 'draw_too_early', promoTexts.tooEarly);
  const order = shuffleWithSeed(
    draw.eligible.map((entry) => entry.id),
    draw.seed,
  );
  const recorded = await recordDrawResult(db, { order, drawnBy: adminId, drawnAt: new Date() });
  if (!recorded) return;
  const winnerIds = order.slice(0, DRAW.cameras);
  const winners = sortLike(winnerIds, await entriesByIds(db, winnerIds));
  await replacePublishedWinners(
    db,
    winners.slice(0, DRAW.publishedWinners).map((winner) => ({
      name: publicName(winner.name, winner.lastname),
      phone: winner.phone,
    })),
  );
  for (const winner of winners) {
    try {
      await app.mail.send(drawWinnerMail(app.config, winner));
    } catch (failure) {
      // One undeliverable address must not keep the others from hearing; the console lists them all.
      app.log.error({ err: failure, entryId: winner.id }, 'draw winner mail failed');
    }
  }
}

function sortLike<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The console's view: counts before publication, then the draw and, once run, who won. */
export async function operatorDrawView(db: Database): Promise<OperatorDrawResponse> {
  const [draw, entries] = await Promise.all([currentDraw(db), entryCount(db)]);
  if (!draw) {
    return { code: 200, entries, eligible: (await eligibleEntries(db)).length, draw: null, drawn: [] };
  }
  const shownIds = (draw.order ?? []).slice(0, DRAW.cameras + ALTERNATES_SHOWN);
  const rows = sortLike(shownIds, await entriesByIds(db, shownIds));
  const position = new Map(shownIds.map((id, index) => [id, index + 1]));
  const drawn: DrawnEntry[] = rows.map((row) => ({
    position: position.get(row.id)!,
    entry_id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    alternate: position.get(row.id)! > DRAW.cameras,
  }));
  return { code: 200, entries, eligible: draw.eligible.length, draw: publicDrawOf(draw), drawn };
}
