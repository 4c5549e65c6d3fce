/**
 * Names of the Socket.IO rooms that more than one feature emits to. A name lives here, under every
 * module, so that emitting to a room does not make one feature import another.
 */

/** The room of a company's operators: new inbox items and the waiting-call queue. */
export const operatorRoom = (companyId: number) => `company:${companyId}:operators`;

/** The room of a company's supervisors and administrators: `supervision:changed` (decision 046). */
export const supervisionRoom = (companyId: number) => `company:${companyId}:supervision`;

/**
 * The room of one staff member's consoles: offers, the queue's private rooms and who sees which
 * waiting call. Only a socket that passed the staff gate (membership, two-step) joins it; the
 * `user:` room every signed-in socket joins is for account events.
 */
export const staffRoom = (userId: number) => `staff:${userId}`;
