import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supervisionApi, supervisionSnapshotSchema } from '@seguridad/contracts/http/supervision';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { supervisionSnapshot } from './supervision-service';

const errors = errorResponses(401, 403);

/**
 * The Supervisión tab (decision 046): the centre now, for supervisors and administrators of the
 * company only. Views fetch it on opening and again after each `supervision:changed`.
 */
export const supervisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    supervisionApi.snapshot.pattern,
    {
      preHandler: app.requireSupervisor,
      schema: {
        tags: ['operator'],
        summary: 'The centre now: waiting calls, the team by state, calls in progress, today',
        response: { 200: supervisionSnapshotSchema, ...errors },
      },
    },
    guarded('operator')(async (request) => supervisionSnapshot(app, request.operator.companyId)),
  );
};
