import { CALL_TOKEN_HEADER } from '@seguridad/contracts/http/calls';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { COMPANY_KEY_HEADER } from '@seguridad/contracts/constants';
import { API_DOCS_PATH } from '@seguridad/contracts/http/api-route';

/** OpenAPI generated from the same zod schemas the routes validate with, served at /api/docs. */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Plataforma de Seguridad Ciudadana — API',
          description:
            'Company service API (header `company-key`) and App API (`/api/v1/`, bearer token). Errors share one JSON shape: `{ success: false, code, error, message, data }`.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            companyKey: { type: 'apiKey', in: 'header', name: COMPANY_KEY_HEADER },
            bearer: { type: 'http', scheme: 'bearer' },
            callToken: { type: 'apiKey', in: 'header', name: CALL_TOKEN_HEADER },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  },
  { name: 'api-docs' },
);
