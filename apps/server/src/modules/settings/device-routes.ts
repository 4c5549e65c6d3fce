import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  deleteDeviceBodySchema,
  devicesResponseSchema,
  updateDeviceConfigBodySchema,
  settingsApi,
} from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { removeDevice } from './device-service';
import { deviceOfSession } from '../identity/session-queries';
import { devicesOf, setFixedToPanel } from './device-queries';

const errors = errorResponses(400, 401, 404, 429);

/** The devices section (spec §2, §3 "Device (settings)"): list, panel switch, removal. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    settingsApi.devices.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['devices'], response: { 200: devicesResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const currentDeviceId = await deviceOfSession(db, request.user.sessionId);
      return { code: 200 as const, devices: await devicesOf(db, request.user.id, currentDeviceId) };
    }),
  );

  app.post(
    settingsApi.updateDeviceConfig.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['devices'],
        body: updateDeviceConfigBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      const { device_id: deviceId, fixed_to_panel: fixedToPanel } = request.body;
      if (!(await setFixedToPanel(db, request.user.id, deviceId, fixedToPanel))) {
        throw new AppError(404, 'device_not_found', settingsTexts.deviceNotFound);
      }
      return { code: 200 as const, message: settingsTexts.deviceConfigSaved };
    }),
  );

  app.post(
    settingsApi.deleteDevice.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['devices'],
        body: deleteDeviceBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      if (!(await removeDevice(app, request.user.id, request.body.device_id))) {
        throw new AppError(404, 'device_not_found', settingsTexts.deviceNotFound);
      }
      return { code: 200 as const, message: settingsTexts.deviceRemoved };
    }),
  );
};
