/**
 * Who on a company's staff may do what (decision 033), once for the server's guards, the realtime
 * rooms and the console: the roles in order, what each may do, and the access a route declares.
 * The word "role" here is a staff member's place in the company, never a side of a call.
 */

/** The staff's roles, lowest first, as the API names them. */
export const STAFF_ROLES = ['operator', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** True when `role` may do what `wanted` may: an administrator does all a supervisor does. */
export function roleAtLeast(role: StaffRole, wanted: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(wanted);
}

/** What the console and the server allow by role, named so a check reads as what it allows. */
export const STAFF_CAPABILITIES = {
  /** Answer calls offered to them, see their own calls, recordings and ratings. */
  answerCalls: 'operator',
  /** See every call, recording and rating of the company, and Supervisión. */
  seeCompanyCalls: 'supervisor',
  /** Supervisión: the team's states and the calls in progress (decision 046). */
  supervise: 'supervisor',
  /** Legal holds on a call's or a person's data (decision 041). */
  placeLegalHolds: 'supervisor',
  /** Configuración, the team, the widget's key, retention and reports' exports. */
  runCompany: 'admin',
} as const satisfies Record<string, StaffRole>;
export type StaffCapability = keyof typeof STAFF_CAPABILITIES;

export function staffCan(role: StaffRole | null | undefined, capability: StaffCapability): boolean {
  return role != null && roleAtLeast(role, STAFF_CAPABILITIES[capability]);
}
