import { STAFF_ROLES } from '../staff-access';

/** Days a staff invitation can be accepted, from when it was (last) sent. */
export const STAFF_INVITATION_TTL_DAYS = 7;

/** The staff's roles (`staff-access`), re-exported beside the words people read for them. */
export { STAFF_ROLES };

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
    'Tu central pide verificación en dos pasos: activa una aplicación de autenticación o confirma un teléfono en Configuración > Autenticación en Dos Pasos antes de abrir la consola.',
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
  invitationNotPending: 'Esta invitación ya se aceptó o se revocó.',
  invitationNotFound: 'Esta invitación no existe.',
  lastAdminDelete:
    'Eres la única persona administradora de tu central: nombra a otra persona administradora antes de eliminar tu cuenta.',
  lastAdminDemote:
    'Debe quedar al menos un administrador activo: nombra a otra persona administradora antes de cambiar este rol.',
  nothingToChange: 'Indica el rol o las especialidades que cambian.',
} as const;

/** The console's Equipo tab (administrators only). */
export const teamTexts = {
  tab: 'Equipo',
  title: (company: string) => `Equipo de ${company}`,
  inviteTitle: 'Invitar a una persona',
  inviteLead:
    'Le llega un correo con un enlace para crear su cuenta o entrar con la que tiene. El enlace vale 7 días y sirve una sola vez.',
  email: 'Correo',
  role: 'Rol',
  specialities: 'Especialidades que atiende',
  specialitiesHint: 'Sin marcar ninguna, atiende todas.',
  specialitiesShort: 'Especialidades',
  allSpecialities: 'Todas',
  invite: 'Enviar invitación',
  invited: (email: string) => `Invitación enviada a ${email}.`,
  inviteFailed: 'No se pudo enviar la invitación',
  pendingTitle: 'Invitaciones pendientes',
  pendingEmpty: 'No hay invitaciones pendientes.',
  invitedBy: (name: string) => `Invitó: ${name}`,
  invitedBySystem: 'Invitó: la administración de la plataforma',
  expires: (date: string) => `Vence el ${date}`,
  expired: (date: string) => `Venció el ${date}`,
  resend: 'Reenviar',
  resent: (email: string) => `Invitación reenviada a ${email}; el enlace anterior ya no sirve.`,
  resendFailed: 'No se pudo reenviar la invitación',
  revoke: 'Revocar',
  revoked: (email: string) => `Invitación a ${email} revocada.`,
  revokeFailed: 'No se pudo revocar la invitación',
  membersTitle: 'Personas del equipo',
  lastSignIn: 'Último ingreso',
  neverSignedIn: 'Nunca',
  twoStep: 'Dos pasos',
  twoStepOn: 'Teléfono confirmado',
  twoStepOff: 'Sin teléfono confirmado',
  state: 'Estado',
  active: 'Activo',
  inactive: 'Desactivado',
  you: '(tú)',
  edit: 'Cambiar rol y especialidades',
  editTitle: (name: string) => `Rol y especialidades de ${name}`,
  save: 'Guardar cambios',
  cancel: 'Cancelar',
  saved: (name: string) => `Cambios de ${name} guardados.`,
  saveFailed: 'No se pudieron guardar los cambios',
  deactivate: 'Desactivar',
  deactivateTitle: (name: string) => `¿Desactivar a ${name}?`,
  deactivateDescription:
    'Su sesión y su consola se cierran al instante y no podrá entrar hasta que alguien lo reactive. Sus llamadas, notas y entradas del registro se conservan.',
  deactivateConfirm: 'Sí, desactivar',
  reactivate: 'Reactivar',
  deactivated: (name: string) => `${name} quedó desactivado: su sesión y su consola se cerraron.`,
  reactivated: (name: string) => `${name} quedó activo de nuevo.`,
  stateFailed: 'No se pudo cambiar el estado',
  loading: 'Cargando el equipo…',
  loadFailed: 'No pudimos cargar el equipo',
  retry: 'Reintentar',
} as const;
