import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '@seguridad/contracts/constants';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  profileUpdateFieldsSchema,
  updateCameraSharingBodySchema,
  userSettingsResponseSchema,
  settingsApi,
} from '@seguridad/contracts/http/settings';
import { errorMessages, settingsTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { hasConfirmedAuthenticator } from '../auth/authenticator-queries';
import { confirmedPhonesOf } from '../identity/user-queries';
import { avatarByToken } from './avatar-queries';
import { readProfileUpload, saveAvatar } from './avatar-service';
import { recordCameraSharing } from '../consents/consent-queries';
import { cameraSharingOf, setCameraSharing, updateProfile } from './profile-queries';

const errors = errorResponses(400, 401, 429);

/**
 * Avatars are served inert: the type their bytes proved, never sniffed again by the browser, shown
 * inline, and under a policy that runs nothing even if one is opened as a page.
 */
const AVATAR_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': 'inline',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-site',
  'Cache-Control': 'private, max-age=3600',
} as const;

/** The account section of the settings page: profile, avatar, and the page's own choices. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Only `user/update` takes uploads; multipart's hooks stay inside this plugin.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 30, fieldSize: 1024, parts: 32 },
  });

  app.post(
    settingsApi.updateProfile.pattern,
    {
      preHandler: app.authenticate,
      // Per IP: many people share a mobile carrier's address; each save writes at most one image.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['user'],
        summary: `Updates the profile (multipart: name, lastname, phone, rut, address, optional "avatar" JPEG/PNG/WebP up to ${AVATAR_MAX_BYTES / 1024 / 1024} MB)`,
        response: { 200: okResponseSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    guarded('user')(async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      }
      const upload = await readProfileUpload(request, app.storage);
      const parsed = profileUpdateFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) {
        if (upload.avatar) await app.storage.remove(upload.avatar.key);
        const details = parsed.error.issues.map((issue) => issue.message);
        throw new AppError(400, 'validation_failed', errorMessages.badRequest, details);
      }
      await updateProfile(db, request.user.id, parsed.data);
      if (upload.avatar) await saveAvatar(app, request.user.id, upload.avatar);
      return { code: 200 as const, message: settingsTexts.profileSaved };
    }),
  );

  app.get(
    settingsApi.avatar.pattern,
    {
      config: { rateLimit: false },
      schema: {
        tags: ['user'],
        summary: 'An avatar image, at the unguessable address `user/info` gives as avatar_link',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
      },
    },
    async (request, reply) => {
      const avatar = await avatarByToken(db, request.params.token);
      if (!avatar) throw new AppError(404, 'not_found', errorMessages.notFound);
      reply
        .headers(AVATAR_HEADERS)
        .header('Content-Type', avatar.mime)
        .header('Content-Length', avatar.bytes);
      return reply.send(await app.storage.read(avatar.storageKey));
    },
  );

  app.get(
    settingsApi.userSettings.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], response: { 200: userSettingsResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const [cameraSharing, phones, authenticator] = await Promise.all([
        cameraSharingOf(db, request.user.id),
        confirmedPhonesOf(db, request.user.id),
        hasConfirmedAuthenticator(db, request.user.id),
      ]);
      return {
        code: 200 as const,
        camera_sharing: cameraSharing,
        two_factor_pending: phones.length === 0 && !authenticator,
      };
    }),
  );

  app.post(
    settingsApi.updateCameraSharing.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        body: updateCameraSharingBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      // The switch and its consent record change together (decision 049).
      await db.transaction(async (tx) => {
        await setCameraSharing(tx, request.user.id, request.body);
        await recordCameraSharing(tx, request.user.id, request.body);
      });
      return { code: 200 as const, message: settingsTexts.cameraSharingSaved };
    }),
  );
};
