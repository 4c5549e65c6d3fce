/** Days a staff invitation can be accepted, from when it was (last) sent. */
export const STAFF_INVITATION_TTL_DAYS = 7;

/** The staff's roles, as the API names them and as people read them. */
export const STAFF_ROLES = ['operator', 'supervisor', 'admin'] as const;

/** Texts of the staff: invitations, roles and the team (decision 033). */
export const staffTexts = {
  roles: { operator: 'Operador', supervisor: 'Supervisor', admin: 'Administrador' },
  invitationMailSubject: (brand: string, company: string) => `${brand}: te invitaron al equipo de ${company}`,
  invitationMailIntro: (company: string, role: string) =>
    `Te invitaron a unirte al equipo de ${company} como ${role}.`,
  invitationMailAction: `Para aceptar, abre este enlace (vale por ${STAFF_INVITATION_TTL_DAYS} días y sirve una sola vez). Podrás crear tu cuenta o entrar con la que ya tienes con este correo:`,
  invitationMailButton: 'Aceptar la invitación',
  invitationMailCopy: 'O copia este enlace en tu navegador:',
  invitationMailIgnore: 'Si no esperabas esta invitación, ignora este correo.',
  invitationInvalid:
    'Esta invitación no es válida: ya se usó, se revocó o venció. Pide una nueva a quien te invitó.',
  invitationNotForYou:
    'Esta invitación es para otro correo. Entra con la cuenta de ese correo para aceptarla.',
  accountExists: 'Ya existe una cuenta con este correo: entra con ella para aceptar la invitación.',
  alreadyMember: 'Esta persona ya es parte del equipo.',
  memberElsewhere: 'Esta cuenta ya es parte del equipo de otra central.',
  unknownSpeciality: 'Alguna de las especialidades no existe en esta central.',
  unknownRole: 'El rol debe ser operador, supervisor o administrador.',
  twoStepRequired:
    'Tu central pide verificación en dos pasos: confirma un teléfono en Configuración > Verificación en dos pasos antes de abrir la consola.',
  memberNotFound: 'Esta persona no es parte del equipo.',
  notYourself: 'No puedes desactivar tu propia cuenta.',
  lastAdmin: 'Debe quedar al menos un administrador activo.',
  pageTitle: 'Invitación al equipo',
  invitedTo: (company: string, role: string) => `Te invitaron al equipo de ${company} como ${role}.`,
  createAccount: 'Crea tu cuenta para entrar a la consola.',
  signInToAccept: 'Ya tienes una cuenta con este correo: entra con ella para aceptar.',
  acceptAs: (email: string) => `Aceptar como ${email}`,
  accept: 'Aceptar la invitación',
  signIn: 'Entrar para aceptar',
  loading: 'Cargando la invitación…',
  acceptFailed: 'No pudimos aceptar la invitación. Inténtalo de nuevo.',
} as const;
