import { and, eq, max } from 'drizzle-orm';
import type { CompanySettings, UpdateCompanySettingsBody } from '@seguridad/contracts/http/operator';
import type { Database } from '../../db/client';
import { companies, specialities } from '../../db/schema';
import { specialitiesOf } from '../company/company-queries';
import { retentionDaysOf, setRetentionDays } from '../recordings/recording-queries';
import { DEFAULT_QUICK_QUESTIONS } from '@seguridad/contracts/messages/silent-call';
import { quickExitUrlOf } from '../company/company-queries';

/** The company's settings as the console shows them; undefined when the company is gone. */
export async function companySettings(
  db: Database,
  companyId: number,
  role: CompanySettings['role'],
): Promise<CompanySettings | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return undefined;
  const list = await specialitiesOf(db, companyId);
  return {
    name: company.name,
    role,
    public_key: company.publicKey,
    call_back: company.callBackEnabled,
    video_call: company.videoCallEnabled,
    video_mail: company.videoMailEnabled,
    working_hours: company.workingHours,
    allowed_origins: company.allowedOrigins,
    specialities: list,
    recording_retention_days: await retentionDaysOf(db, companyId),
    launcher_color: company.launcherColor,
    launcher_label: company.launcherLabel,
    quick_exit_url: quickExitUrlOf(company),
    quick_questions: company.quickQuestions ?? [...DEFAULT_QUICK_QUESTIONS],
    call_link_minutes: company.callLinkMinutes,
  };
}

/** Applies the fields the admin sent; the others keep their values. */
export async function updateCompanySettings(
  db: Database,
  companyId: number,
  body: UpdateCompanySettingsBody,
): Promise<void> {
  const changes = {
    ...(body.call_back === undefined ? {} : { callBackEnabled: body.call_back }),
    ...(body.video_call === undefined ? {} : { videoCallEnabled: body.video_call }),
    ...(body.video_mail === undefined ? {} : { videoMailEnabled: body.video_mail }),
    ...(body.working_hours === undefined ? {} : { workingHours: body.working_hours }),
    ...(body.allowed_origins === undefined ? {} : { allowedOrigins: [...new Set(body.allowed_origins)] }),
    ...(body.launcher_color === undefined ? {} : { launcherColor: body.launcher_color }),
    ...(body.launcher_label === undefined ? {} : { launcherLabel: body.launcher_label }),
    ...(body.quick_exit_url === undefined ? {} : { quickExitUrl: body.quick_exit_url }),
    ...(body.quick_questions === undefined ? {} : { quickQuestions: body.quick_questions }),
    ...(body.call_link_minutes === undefined ? {} : { callLinkMinutes: body.call_link_minutes }),
  };
  if (Object.keys(changes).length > 0)
    await db.update(companies).set(changes).where(eq(companies.id, companyId));
  if (body.recording_retention_days !== undefined)
    await setRetentionDays(db, companyId, body.recording_retention_days);
}

/** Adds a speciality at the end of the company's list. */
export async function addSpeciality(db: Database, companyId: number, name: string): Promise<void> {
  const [last] = await db
    .select({ position: max(specialities.position) })
    .from(specialities)
    .where(eq(specialities.companyId, companyId));
  await db.insert(specialities).values({ companyId, name, position: (last?.position ?? -1) + 1 });
}

/** Removes one of the company's specialities; false when it has no such speciality. */
export async function removeSpeciality(db: Database, companyId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(specialities)
    .where(and(eq(specialities.id, id), eq(specialities.companyId, companyId)))
    .returning({ id: specialities.id });
  return removed.length > 0;
}
