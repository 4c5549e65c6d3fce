import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { MailSender } from './integrations/mail/mail-sender';
import type { CompanyContext } from './modules/company/company-queries';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    mail: MailSender;
    /** preHandler for the public widget calls: resolves the `company-key` header or answers 401. */
    requireCompany: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    company: CompanyContext | undefined;
  }
}
