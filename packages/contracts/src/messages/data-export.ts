import { DATA_EXPORTS_PER_DAY } from '../http/data-exports';
import { DATA_EXPORT_DAYS } from '../http/data-exports';

/** `LEAME.txt`, the first file of «Descargar mis datos» (decision 040): what each file is. */
export function dataExportReadme(context: { brandName: string; generatedAt: string }): string {
  return [
    `Tus datos en ${context.brandName}`,
    `Generado el ${context.generatedAt} (hora de Chile).`,
    '',
    'Este archivo ZIP contiene todo lo que la plataforma guarda sobre tu cuenta, para que puedas',
    'revisarlo o llevarlo a otro servicio (derechos de acceso y portabilidad, Ley N° 21.719).',
    '',
    'datos.json',
    '  Todos tus datos en formato JSON (UTF-8), legible por cualquier programa. Fechas en UTC (ISO 8601).',
    '  - perfil: nombre, correo, teléfono, RUT, dirección, fechas de alta y de verificación del correo,',
    '    avatar y preferencias de cámaras.',
    '  - telefonos_dos_pasos: los teléfonos de la autenticación en dos pasos, enmascarados como se muestran.',
    '  - dispositivos y sesiones: desde dónde entraste y cuándo (sin las claves de sesión).',
    '  - registro_de_seguridad: cambios de contraseña, teléfonos, sesiones y dispositivos.',
    '  - redes: tu red de seguridad y las redes a las que perteneces o te invitaron.',
    '  - pedidos: tus compras y su historial de pago.',
    '  - sorteo y ruleta: tu participación en el sorteo, tus giros y oportunidades.',
    '  - correos_de_video: los correos de video enviados con tu correo verificado; los videos y sus',
    '    miniaturas están en la carpeta correos-de-video/.',
    '  - mensajes_de_contacto: los mensajes enviados con tu correo verificado.',
    '  - llamadas: las videollamadas y llamadas que hiciste con tu sesión iniciada, con su chat; los',
    '    archivos enviados están en la carpeta llamadas/<número de llamada>/, y tu valoración de cada una.',
    '  - consentimientos: lo que aceptaste (texto, versión, dónde y cuándo) y si lo retiraste.',
    '  - solicitudes_de_llamada: las veces que pediste que te llamaran a un teléfono confirmado.',
    '  - solicitudes_de_derechos: las solicitudes sobre tus datos y sus respuestas.',
    '',
    'perfil/        tu foto de perfil, si subiste una.',
    'correos-de-video/  los videos que grabaste y sus miniaturas.',
    'llamadas/      los archivos enviados en el chat de tus llamadas.',
    '',
    `El enlace de descarga dura ${DATA_EXPORT_DAYS} días; después borramos este archivo de nuestros servidores.`,
    'Si algo falta o no es correcto, envíanos una solicitud desde Configuración, sección «Mis datos».',
    '',
  ].join('\r\n');
}

export const dataExportTexts = {
  requested: 'Estamos preparando tus datos. Te avisaremos por correo cuando estén listos.',
  inProgress: 'Ya estamos preparando tus datos. Te avisaremos por correo cuando estén listos.',
  tooMany: `Puedes pedir tus datos hasta ${DATA_EXPORTS_PER_DAY} veces al día. Inténtalo mañana.`,
  notFound: 'Ese archivo ya no está disponible. Pide tus datos de nuevo.',
  downloadTitle: 'Descargar mis datos',
  downloadIntro:
    'Prepararemos un archivo ZIP con todo lo que la plataforma guarda sobre tu cuenta: perfil, dispositivos, sesiones, redes, pedidos, sorteos, ruleta, correos de video, mensajes, llamadas con su chat y archivos, y solicitudes de llamada. Incluye un archivo LEAME.txt que explica cada parte.',
  ask: 'Pedir mis datos',
  askAgain: 'Pedir una copia nueva',
  preparing: 'Preparando…',
  failed: 'No pudimos preparar tus datos. Vuelve a pedirlos.',
  download: 'Descargar ZIP',
  downloading: 'Descargando…',
  expiresOn: (date: string) => `Disponible hasta el ${date}.`,
  requestsTitle: 'Solicitudes',
  requestsIntro:
    'Para oponerte a un tratamiento, pedir el bloqueo de tus datos, una rectificación que no puedas hacer en tu perfil u otra solicitud. Te responderemos dentro de 30 días.',
  kindLabel: 'Tipo de solicitud',
  detailLabel: 'Detalle',
  send: 'Enviar solicitud',
  sending: 'Enviando…',
  noRequests: 'Aún no has enviado solicitudes.',
  statusOpen: 'En curso',
  statusAnswered: 'Respondida',
  dueBy: (date: string) => `Responder antes del ${date}`,
  /** Each company holding the person's data answers its own request (decision 052). */
  answeredByCompany: (company: string) => `La responde: ${company}`,
  extended: 'Plazo extendido',
  answer: 'Respuesta',
  mailSubject: (brand: string) => `${brand}: tus datos están listos`,
} as const;
