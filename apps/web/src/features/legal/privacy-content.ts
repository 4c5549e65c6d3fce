import {
  DELETE_ACCOUNT_PHRASE,
  DRAW,
  MINIMUM_AGE,
  PASSWORD_MIN_LENGTH,
  SECURITY_NETWORK_MAX_PEOPLE,
  VERIFICATION_CODE_DIGITS,
  VIDEO_MAIL_MESSAGE_MAX,
} from '@seguridad/contracts/constants';
import {
  formatRetentionPeriod,
  RETENTION_RULES,
  type RetentionKind,
} from '@seguridad/contracts/http/retention';
import { webPaths } from '@seguridad/contracts/web-paths';
import { type TextLink } from '../../shared/ui/rich-text-value';
import { type LegalBlock, type LegalDocument, type SiteIdentity } from './legal-types';

/**
 * A kind's period as the retention table's default states it (decision 034): the page and the
 * retention job read the same rules, so they cannot drift apart.
 */
function period(kind: RetentionKind): string {
  return formatRetentionPeriod(RETENTION_RULES[kind].defaultDays);
}

/** «Qué datos», «Para qué» and «Base legal» of one kind of processing. */
function processing(data: string, purpose: string, basis: string): LegalBlock {
  return {
    kind: 'facts',
    items: [
      { term: 'Qué datos', text: data },
      { term: 'Para qué', text: purpose },
      { term: 'Base legal', text: basis },
    ],
  };
}

export function privacyDocument(site: SiteIdentity): LegalDocument {
  const brand = site.brandName;
  const mail: TextLink = { text: site.contactEmail, href: `mailto:${site.contactEmail}` };

  return {
    title: 'Política de privacidad',
    updated: { label: 'noviembre de 2026', dateTime: '2026-11' },
    summary: [
      {
        kind: 'paragraph',
        text: `Esta política explica qué datos personales tratamos cuando usas ${brand} (la app, este sitio web y la central de monitoreo), para qué los usamos, con quién los compartimos, cuánto tiempo los guardamos y cómo puedes ejercer tus derechos. En resumen:`,
      },
      {
        kind: 'list',
        items: [
          'Solo pedimos los datos que necesitamos para prestarte el servicio y para tu seguridad.',
          'Usamos tu ubicación cuando activas una alerta o cuando tú lo autorizas, no para seguirte.',
          'Tus datos de salud son datos sensibles: solo los tratamos con tu consentimiento expreso.',
          'No vendemos tus datos ni usamos publicidad ni rastreadores publicitarios.',
          'Puedes ver, corregir y eliminar tus datos desde tu cuenta o escribiéndonos.',
        ],
      },
    ],
    sections: [
      {
        id: 'responsable',
        heading: 'Quién es responsable de tus datos',
        blocks: [
          {
            kind: 'paragraph',
            text: 'El responsable del tratamiento de los datos de la plataforma de seguridad es el Gobierno Regional, que la financia y decide para qué se usan los datos. El operador administra la plataforma y atiende la central de monitoreo por encargo del Gobierno Regional, como encargado del tratamiento. En el plan de monitoreo de salud y sus pagos, el operador actúa como responsable.',
          },
          {
            kind: 'paragraph',
            text: [
              'Para cualquier consulta sobre tus datos o para ejercer tus derechos, escríbenos a ',
              mail,
              '. Ese correo lo atienden las personas a cargo de la protección de datos del Gobierno Regional y del operador.',
            ],
          },
        ],
      },
      {
        id: 'marco-legal',
        heading: 'Leyes que aplicamos',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Tratamos tus datos conforme a la Ley N° 19.628 sobre Protección de la Vida Privada y a su reforma por la Ley N° 21.719, que rige a partir del 1 de diciembre de 2026. Esa reforma crea la Agencia de Protección de Datos Personales, que fiscaliza el cumplimiento de la ley y ante la cual puedes reclamar.',
          },
          {
            kind: 'paragraph',
            text: 'Esta política ya aplica los principios y derechos de la Ley N° 21.719: licitud y lealtad, finalidad, proporcionalidad, calidad, responsabilidad, seguridad, transparencia y confidencialidad.',
          },
        ],
      },
      {
        id: 'datos-que-tratamos',
        heading: 'Qué datos tratamos y para qué',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Tratamos solo los datos de las funciones que usas. Para cada una te indicamos qué datos, para qué y con qué base legal (explicadas en la sección siguiente).',
          },
        ],
        subsections: [
          {
            id: 'datos-cuenta',
            heading: 'Tu cuenta',
            blocks: [
              processing(
                `Nombre, apellido, correo electrónico, teléfono y contraseña (guardada con una función de hash, nunca legible) y, si los agregas, RUT, dirección y foto de perfil.`,
                'Crear y administrar tu cuenta, identificarte ante la central, escribirte sobre el servicio y evitar cuentas falsas o duplicadas.',
                'La ejecución de los términos que aceptaste al registrarte.',
              ),
            ],
          },
          {
            id: 'datos-dispositivos',
            heading: 'Dispositivos y sesiones',
            blocks: [
              processing(
                'Marca, modelo, nombre, sistema operativo y versión de cada dispositivo con el que entras; la sesión abierta en cada uno; dirección IP, fecha y hora de acceso, y la opción «Visualización Continua en Panel».',
                'Mantener tu sesión, mostrarte tus dispositivos, avisarte cuando entras desde un dispositivo nuevo y ofrecerte recuperar tu cuenta, y cerrar todas tus sesiones si lo pides. Si activas «Visualización Continua en Panel» en un dispositivo, la central puede ver ese dispositivo y su ubicación en su panel mientras la opción esté activa.',
                'La ejecución de los términos; nuestro interés legítimo en proteger tu cuenta; tu consentimiento para la visualización continua, que puedes retirar desactivándola.',
              ),
            ],
          },
          {
            id: 'datos-dos-pasos',
            heading: 'Autenticación en dos pasos',
            blocks: [
              processing(
                `Tu número de teléfono verificado, el medio que eliges (SMS o WhatsApp) y los códigos de ${VERIFICATION_CODE_DIGITS} dígitos que te enviamos, con sus intentos.`,
                'Confirmar que eres tú al iniciar sesión y al activar la verificación.',
                'Tu consentimiento, pues la activas tú, y nuestro interés legítimo en proteger tu cuenta.',
              ),
            ],
          },
          {
            id: 'datos-ubicacion',
            heading: 'Ubicación y alertas',
            blocks: [
              processing(
                'Tu ubicación precisa (GPS) al presionar el botón de alerta y mientras la alerta está activa; la fecha, la hora y la gestión que hizo la central.',
                'Enviarte ayuda, coordinar con los servicios de emergencia y avisar a tu red de seguridad. No usamos tu ubicación cuando no hay una alerta activa, salvo que hayas activado la visualización continua.',
                'La ejecución de los términos y la protección de tu vida o integridad física o la de otras personas (interés vital).',
              ),
            ],
          },
          {
            id: 'datos-denuncias',
            heading: 'Denuncias',
            blocks: [
              processing(
                'El tipo de hecho, su descripción, las fotos y videos que adjuntes, la ubicación, la fecha y la hora, y tus datos de contacto.',
                'Gestionar la denuncia, derivarla a la autoridad competente y elaborar estadísticas de seguridad de la región con datos anonimizados.',
                'La ejecución de los términos y las funciones legales del Gobierno Regional.',
              ),
            ],
          },
          {
            id: 'datos-videollamadas',
            heading: 'Videollamadas y sus grabaciones',
            blocks: [
              processing(
                'Tu imagen y tu voz, la especialidad que eliges, la fecha, la hora y la duración de la llamada, el operador que te atendió y, cuando la llamada se graba, la grabación.',
                'Atenderte, respaldar una denuncia o una gestión ante la autoridad, revisar la calidad de la atención y proteger a usuarios y operadores. Se te informa al iniciar la llamada que puede ser grabada.',
                'La ejecución de los términos y nuestro interés legítimo en la calidad y la seguridad de la atención.',
              ),
            ],
          },
          {
            id: 'datos-chat',
            heading: 'Mensajes del chat y archivos adjuntos',
            blocks: [
              processing(
                'Los mensajes que intercambias con la central durante una videollamada, los archivos que adjuntas (fotos, documentos o videos) y su fecha y hora.',
                'Atenderte y dejar constancia de la atención.',
                'La ejecución de los términos.',
              ),
            ],
          },
          {
            id: 'datos-video-mail',
            heading: 'Video mail',
            blocks: [
              processing(
                `Tu nombre, correo electrónico y teléfono, tu mensaje (hasta ${VIDEO_MAIL_MESSAGE_MAX} caracteres), el video que grabas y una imagen de su primer cuadro.`,
                'Que un operador vea tu mensaje y te responda.',
                'Tu consentimiento, pues tú decides grabarlo y enviarlo.',
              ),
            ],
          },
          {
            id: 'datos-contacto',
            heading: 'Formulario de contacto',
            blocks: [
              processing(
                'Tu nombre, correo electrónico, teléfono y mensaje.',
                'Responder tu consulta.',
                'Tu consentimiento, pues tú decides escribirnos.',
              ),
            ],
          },
          {
            id: 'datos-camaras',
            heading: 'Cámaras',
            blocks: [
              processing(
                'El identificador, el modelo y los datos de conexión de las cámaras que vinculas, sus imágenes en vivo y los registros asociados a una alerta.',
                'Mostrarte las imágenes en la app y permitir que la central las vea durante una alerta o cuando tú lo autorices.',
                'La ejecución de los términos y, durante una alerta, la protección de la vida o integridad de las personas (interés vital).',
              ),
              {
                kind: 'paragraph',
                text: 'Las personas que aparecen en las imágenes también son titulares de datos. Por eso los términos te piden instalar tus cámaras de forma respetuosa y legal.',
              },
            ],
          },
          {
            id: 'datos-red',
            heading: 'Red personal de seguridad',
            blocks: [
              processing(
                `El correo electrónico de las personas que invitas (hasta ${SECURITY_NETWORK_MAX_PEOPLE}), el estado de cada invitación (enviada, confirmada o rechazada) y el nombre y correo de quienes integran las redes.`,
                'Enviar las invitaciones, mostrarte tu red y las redes externas a las que perteneces, y avisar a tu red cuando activas una alerta.',
                'Tu consentimiento y el de cada persona invitada, que lo da al aceptar la invitación. Al invitar a alguien declaras que lo conoces y que está de acuerdo en recibir el correo.',
              ),
            ],
          },
          {
            id: 'datos-salud',
            heading: 'Plan de monitoreo de salud',
            blocks: [
              processing(
                'Presión arterial, frecuencia cardiaca, saturación de oxígeno, electrocardiograma y su interpretación automática, temperatura (solo con la smartband), calorías y pasos, con la fecha y hora de cada medición, y los datos de tu smartband. Son datos sensibles.',
                'Mostrarte tus mediciones y su historial en la app y en el portal web, y avisarte de valores que convenga revisar.',
                'Tu consentimiento expreso, que das al activar el plan.',
              ),
            ],
          },
          {
            id: 'datos-pagos',
            heading: 'Compras y pagos',
            blocks: [
              processing(
                'Tu nombre, apellido, correo electrónico y teléfono; la dirección, región, comuna y código postal de despacho; y, del pago, el número de orden de Flow, el monto, el estado, el medio de pago y la fecha. Flow procesa los datos de tu tarjeta: nosotros nunca recibimos ni guardamos su número.',
                'Cobrar el plan, despachar la smartband, emitir los documentos tributarios y atender garantías y reclamos.',
                'La ejecución del contrato de compra y el cumplimiento de obligaciones legales, en especial tributarias.',
              ),
            ],
          },
          {
            id: 'datos-sorteo',
            heading: 'Sorteo de cámaras y promociones',
            blocks: [
              processing(
                `Tu nombre, apellido, correo electrónico, teléfono y fecha de registro; los correos de los ${DRAW.invitationsRequired} contactos que invitas, y tus resultados en el sorteo y en la ruleta de premios.`,
                'Verificar que cumples los requisitos, elegir a los ganadores, contactarlos por correo electrónico o WhatsApp y publicar su nombre con el teléfono parcialmente oculto. Los correos de tus contactos se usan solo para enviarles la invitación.',
                'Tu consentimiento, que das al participar.',
              ),
            ],
          },
          {
            id: 'datos-registros',
            heading: 'Registros de seguridad',
            blocks: [
              processing(
                'Dirección IP, fecha y hora, y la acción realizada (por ejemplo, inicio de sesión, cambio de contraseña o eliminación de cuenta) con su resultado.',
                'Detectar e investigar accesos indebidos, fraudes y fallas.',
                'Nuestro interés legítimo y el deber legal de proteger los datos que tratamos.',
              ),
            ],
          },
        ],
      },
      {
        id: 'bases-legales',
        heading: 'Bases legales del tratamiento',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Solo tratamos tus datos cuando la ley lo permite, con alguna de estas bases:',
          },
          {
            kind: 'list',
            items: [
              'Ejecución de un contrato: los datos necesarios para prestarte los servicios que aceptaste al registrarte o al comprar un plan.',
              'Funciones legales: el Gobierno Regional, como órgano público, trata datos para cumplir sus funciones dentro de sus competencias.',
              'Consentimiento: cuando decides entregarnos datos para un fin determinado (video mail, formulario de contacto, sorteo) y, en forma expresa, para tus datos de salud. Puedes retirarlo cuando quieras, sin efecto retroactivo.',
              'Interés vital: proteger tu vida o integridad física o la de otra persona, por ejemplo al compartir tu ubicación con los servicios de emergencia durante una alerta.',
              'Obligación legal: por ejemplo, conservar los registros tributarios o responder a requerimientos de los tribunales o del Ministerio Público.',
              'Interés legítimo: proteger la seguridad de la plataforma, de los usuarios y de los operadores, siempre que no prevalezcan tus derechos.',
            ],
          },
        ],
      },
      {
        id: 'datos-sensibles',
        heading: 'Datos de salud: datos sensibles',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Las mediciones de la smartband revelan información sobre tu salud, por lo que la ley las considera datos sensibles. Por eso:',
          },
          {
            kind: 'list',
            items: [
              'solo las tratamos con tu consentimiento expreso, que das al activar el plan;',
              'las guardamos cifradas y con acceso restringido a las personas que las necesitan para prestarte el servicio;',
              'no las usamos para publicidad ni para perfiles comerciales, y no las vendemos ni las compartimos con aseguradoras ni empleadores;',
              'la interpretación automática del electrocardiograma es solo preventiva e informativa: no tomamos decisiones sobre ti basadas únicamente en ella.',
            ],
          },
          {
            kind: 'paragraph',
            text: [
              'Puedes retirar tu consentimiento en cualquier momento escribiendo a ',
              mail,
              '. Desde ese momento dejamos de medir y de tratar tus datos de salud, lo que implica dejar de recibir el servicio de monitoreo.',
            ],
          },
        ],
      },
      {
        id: 'destinatarios',
        heading: 'Con quién compartimos tus datos',
        blocks: [
          { kind: 'paragraph', text: 'No vendemos ni arrendamos tus datos. Solo los compartimos con:' },
          {
            kind: 'list',
            items: [
              'los operadores de la central de monitoreo, que ven lo necesario para atender tus alertas, llamadas, video mails, mensajes y denuncias, y están obligados a guardar confidencialidad;',
              'los servicios de emergencia y las autoridades (Carabineros, SAMU, Bomberos, PDI, Ministerio Público y municipalidades), cuando es necesario para atender una alerta o derivar una denuncia, o cuando un tribunal o la ley lo exigen;',
              'las personas de tu red de seguridad: tu nombre y, cuando activas una alerta, tu ubicación;',
              'encargados que nos prestan servicios por contrato y solo siguiendo nuestras instrucciones: alojamiento y almacenamiento en la nube, envío de correos electrónicos, envío de SMS y mensajes de WhatsApp, y despacho de la smartband;',
              'Flow, que procesa los pagos del plan de salud y es responsable de los datos de pago que le entregas;',
              'el público, solo en el caso de los ganadores del sorteo: su nombre y su teléfono parcialmente oculto.',
            ],
          },
        ],
      },
      {
        id: 'transferencias-internacionales',
        heading: 'Transferencias internacionales',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Algunos encargados, como los servicios de alojamiento en la nube, de correo electrónico o de mensajería, pueden guardar o procesar datos fuera de Chile. En esos casos solo transferimos datos a países con un nivel adecuado de protección o bajo cláusulas contractuales que den garantías equivalentes a las de la ley chilena, como lo permite la Ley N° 21.719. Puedes pedirnos el detalle de los países de destino y de las garantías aplicadas.',
          },
        ],
      },
      {
        id: 'conservacion',
        heading: 'Cuánto tiempo guardamos tus datos',
        blocks: [
          {
            kind: 'list',
            items: [
              'Datos de la cuenta: mientras tu cuenta exista. Si la eliminas, borramos o anonimizamos tus datos dentro de 30 días corridos, salvo lo que debamos conservar por los plazos que siguen.',
              `Grabaciones de videollamadas y video mails: ${period('video_mails')} ${RETENTION_RULES.video_mails.from}, salvo que se necesiten para una denuncia, una investigación o una acción judicial; en ese caso, hasta que esta termine.`,
              `Mensajes del chat y archivos adjuntos: ${period('call_chat')}.`,
              'Alertas y su ubicación, y registros de cámaras asociados a una alerta: 6 meses, con la misma excepción que las grabaciones. No guardamos la transmisión en vivo de las cámaras.',
              'Denuncias: 2 años desde su cierre, o mientras lo requiera el proceso al que se hayan derivado.',
              `Mensajes del formulario de contacto: ${period('contact_messages')}.`,
              `Solicitudes de llamada: ${period('callbacks')}.`,
              'Mediciones de salud: mientras tengas el plan y la cuenta. Las eliminamos cuando eliminas tu cuenta o retiras tu consentimiento.',
              `Invitaciones a una red que no fueron aceptadas: ${period('network_invitations')}.`,
              `Compras y pagos: ${period('orders')}, como exige la legislación tributaria.`,
              `Datos del sorteo: hasta ${period('promo')} después de entregados los premios. Los correos de tus contactos invitados, hasta que termine el sorteo.`,
              `Resultados de la ruleta de premios: ${period('wheel_spins')}.`,
              `Registros de seguridad: ${period('security_log')}.`,
              'Códigos de verificación: vencen a los pocos minutos y luego se eliminan.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Al cumplirse cada plazo eliminamos los datos o los anonimizamos de forma irreversible, para usarlos solo en estadísticas.',
          },
        ],
      },
      {
        id: 'seguridad',
        heading: 'Cómo protegemos tus datos',
        blocks: [
          {
            kind: 'list',
            items: [
              'Conexiones cifradas (HTTPS) entre la app, este sitio y nuestros servidores.',
              'Contraseñas guardadas con funciones de hash resistentes: nadie puede leerlas, ni siquiera nosotros.',
              'Autenticación en dos pasos por SMS o WhatsApp, que te recomendamos activar.',
              'Acceso a los datos según el rol de cada persona: los operadores ven solo lo necesario y sus accesos quedan registrados.',
              'Deber de confidencialidad para operadores y encargados, que se mantiene después de terminada su relación con nosotros.',
              'Datos de salud cifrados y separados del resto, con acceso restringido.',
              'Copias de respaldo y revisiones periódicas de seguridad.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Si ocurre una vulneración de seguridad que pueda afectar tus datos, la informaremos a la Agencia de Protección de Datos Personales y, cuando corresponda (en especial si involucra datos sensibles), también a ti, como lo exige la ley.',
          },
          {
            kind: 'paragraph',
            text: `Ayúdanos a proteger tu cuenta: usa una contraseña única de al menos ${PASSWORD_MIN_LENGTH} caracteres, activa la autenticación en dos pasos y no compartas tus códigos de verificación con nadie. Nunca te los pediremos.`,
          },
        ],
      },
      {
        id: 'derechos',
        heading: 'Tus derechos',
        blocks: [
          { kind: 'paragraph', text: 'Como titular de tus datos tienes derecho a:' },
          {
            kind: 'list',
            items: [
              'Acceso: saber si tratamos tus datos, cuáles, para qué, de dónde provienen, a quién se los comunicamos y por cuánto tiempo los guardamos.',
              'Rectificación: corregir datos inexactos, desactualizados o incompletos.',
              'Supresión: pedir que eliminemos tus datos cuando ya no sean necesarios, retires tu consentimiento o se hayan tratado de forma ilícita, salvo que la ley nos obligue a conservarlos.',
              'Oposición: oponerte a que tratemos tus datos para un fin determinado, en los casos que la ley permite, en especial cuando se basa en nuestro interés legítimo.',
              'Portabilidad: recibir los datos que nos entregaste en un formato electrónico estructurado y de uso común, y pedir que se transmitan a otro responsable cuando sea técnicamente posible.',
              'Bloqueo: pedir la suspensión temporal del tratamiento mientras resolvemos una solicitud de rectificación, supresión u oposición.',
              'No ser objeto de decisiones automatizadas: no tomamos decisiones que te produzcan efectos jurídicos o te afecten significativamente basadas únicamente en un tratamiento automatizado, incluida la elaboración de perfiles.',
            ],
          },
          { kind: 'paragraph', text: 'Ejercer estos derechos es gratuito.' },
        ],
      },
      {
        id: 'ejercer-derechos',
        heading: 'Cómo ejercer tus derechos',
        blocks: [
          {
            kind: 'list',
            items: [
              [
                'Desde tu cuenta: en ',
                { text: 'Configuración', href: webPaths.settings },
                ' puedes ver y corregir tu nombre, apellido, teléfono, RUT, dirección y foto; revisar tus dispositivos; administrar tu red; cerrar sesión en todos los dispositivos y activar la autenticación en dos pasos.',
              ],
              [
                'Eliminando tu cuenta: en la página ',
                { text: 'Eliminar cuenta', href: webPaths.deleteAccount },
                ` escribe la frase «${DELETE_ACCOUNT_PHRASE}» para confirmar. La eliminación es definitiva.`,
              ],
              [
                'Por correo electrónico: escribe a ',
                mail,
                ' con tu nombre, el correo de tu cuenta, el derecho que quieres ejercer y, si corresponde, los datos de que se trata. Podemos pedirte información adicional para verificar tu identidad, pero nunca tu contraseña.',
              ],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Te responderemos dentro de 30 días corridos desde que recibamos tu solicitud. Si no te respondemos en ese plazo o no estás conforme con la respuesta, puedes reclamar ante la Agencia de Protección de Datos Personales.',
          },
        ],
      },
      {
        id: 'menores',
        heading: 'Menores de edad',
        blocks: [
          {
            kind: 'paragraph',
            text: `${brand} es solo para personas de ${MINIMUM_AGE} años o más. No creamos cuentas de menores de edad; si detectamos una, la eliminamos junto con sus datos. Si sabes de una cuenta de una persona menor de edad, escríbenos.`,
          },
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies y almacenamiento local',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Este sitio no usa cookies publicitarias, píxeles de seguimiento ni herramientas de analítica de terceros. Solo guarda en el almacenamiento local de tu navegador el token de sesión que te mantiene conectado después de iniciar sesión. Se borra al salir de tu cuenta, y también puedes borrarlo desde la configuración de tu navegador.',
          },
        ],
      },
      {
        id: 'cambios',
        heading: 'Cambios a esta política',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha. Si el cambio es importante, por ejemplo un nuevo fin o un nuevo tipo de dato, te avisaremos por correo electrónico o en la app antes de que rija y, cuando la ley lo exija, te pediremos de nuevo tu consentimiento.',
          },
        ],
      },
      {
        id: 'contacto',
        heading: 'Contacto',
        blocks: [
          {
            kind: 'paragraph',
            text: ['Si tienes preguntas sobre esta política o sobre tus datos, escríbenos a ', mail, '.'],
          },
        ],
      },
    ],
  };
}
