import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  wheelOptionsResponseSchema,
  wheelSpinResponseSchema,
  wheelApi,
} from '@seguridad/contracts/http/wheel';
import { wheelTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { toWheelOption, wheelBalanceOf, wheelOptionRows } from './wheel-queries';
import { spinWheel } from './wheel-service';

/** The prize wheel (spec §2 Wheel, §3, §7 marketing/getRouletteOptions and getRouletteResult). */
export const wheelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    wheelApi.options.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wheel'],
        response: { 200: wheelOptionsResponseSchema, ...errorResponses(401, 429) },
      },
    },
    guarded('user')(async (request) => {
      const [options, balance] = await Promise.all([
        wheelOptionRows(db),
        wheelBalanceOf(db, request.user.id),
      ]);
      return {
        code: 200 as const,
        status: balance.attemptsLeft > 0 ? ('available' as const) : ('no_attempts_left' as const),
        attempts_left: balance.attemptsLeft,
        opportunities: balance.opportunities,
        items: options.map(toWheelOption),
      };
    }),
  );

  app.post(
    wheelApi.spin.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: app.config.wheelSpinsMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['wheel'],
        response: { 200: wheelSpinResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      const outcome = await spinWheel(db, request.user.id);
      if (!outcome) throw new AppError(409, 'no_attempts_left', wheelTexts.noAttemptsLeft);
      const { prize, balance } = outcome;
      return {
        code: 200 as const,
        items: { id: prize.id, uid: prize.uid, amount: prize.amount, status: balance.attemptsLeft === 0 },
        offer: { offer_data: { amount: balance.opportunities } },
        attempts_left: balance.attemptsLeft,
      };
    }),
  );
};
