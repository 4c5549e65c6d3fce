import {
  DELETE_ACCOUNT_PHRASE,
  DRAW,
  MINIMUM_AGE,
  PASSWORD_MIN_LENGTH,
  PLAN_BASICO,
  SECURITY_NETWORK_MAX_PEOPLE,
} from '@seguridad/contracts/constants';
import { formatThousands } from '@seguridad/contracts/helpers/clp';
import { webPaths } from '@seguridad/contracts/web-paths';
import { type RichTextValue, type TextLink } from '../../shared/ui/rich-text-value';
import { type LegalDocument, type SiteIdentity } from './legal-types';

const tel = (number: string): TextLink => ({ text: number, href: `tel:${number}` });

/** Who to call first, written once for every place the terms say it. */
const callEmergencyServices: RichTextValue = [
  'llama primero al ',
  tel('133'),
  ' (Carabineros), al ',
  tel('131'),
  ' (ambulancia, SAMU) o al ',
  tel('132'),
  ' (Bomberos)',
];

export function termsDocument(site: SiteIdentity): LegalDocument {
  const brand = site.brandName;
  const mail: TextLink = { text: site.contactEmail, href: `mailto:${site.contactEmail}` };
  const network = SECURITY_NETWORK_MAX_PEOPLE;

  return {
    title: 'Términos y condiciones',
    updated: { label: 'noviembre de 2026', dateTime: '2026-11' },
    summary: [
      {
        kind: 'paragraph',
        text: `Estos términos regulan el uso de la app ${brand}, de este sitio web y de los servicios asociados. ${brand} es una plataforma de seguridad ciudadana financiada por el Gobierno Regional y administrada por un operador contratado para ello, que también atiende la central de monitoreo. En estos términos, «nosotros» se refiere al Gobierno Regional y a su operador, y «tú», a la persona que usa la plataforma.`,
      },
      {
        kind: 'paragraph',
        text: [
          'Al crear una cuenta o usar la plataforma aceptas estos términos y la ',
          { text: 'Política de privacidad', href: webPaths.privacy },
          '. Si no estás de acuerdo con ellos, no uses la plataforma.',
        ],
      },
      {
        kind: 'notice',
        text: [
          `${brand} no reemplaza a los servicios de emergencia. Si tu vida o la de otra persona está en peligro, `,
          ...callEmergencyServices,
          '.',
        ],
      },
    ],
    sections: [
      {
        id: 'el-servicio',
        heading: `Qué es ${brand} y qué no es`,
        blocks: [
          {
            kind: 'paragraph',
            text: `${brand} es una app gratuita para quienes viven o transitan por ${site.regionName}. Con ella puedes:`,
          },
          {
            kind: 'list',
            items: [
              'enviar una alerta de emergencia a la central de monitoreo con un botón;',
              'hacer denuncias de delitos e incivilidades, con fotos, videos y ubicación;',
              'hablar por videollamada con un operador de la central, dejarle un video mail o escribirnos por el formulario de contacto;',
              'vincular cámaras WiFi y ver sus imágenes desde la app;',
              `formar una red personal de seguridad de hasta ${network} personas;`,
              'recibir noticias e información de seguridad de la región.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Además, ofrecemos un plan pagado de monitoreo de salud (app y smartband), que se rige por la sección «Plan de monitoreo de salud».',
          },
          {
            kind: 'notice',
            text: [
              `${brand} no es un servicio de emergencia ni reemplaza a Carabineros, al SAMU ni a Bomberos, y no garantiza un tiempo de respuesta ni la llegada de ayuda al lugar. En una emergencia, `,
              ...callEmergencyServices,
              ', y después usa la app si puedes.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Una denuncia hecha en la app tampoco reemplaza una denuncia formal ante Carabineros, la Policía de Investigaciones (PDI) o el Ministerio Público. Cuando corresponda, la central te orientará para hacerla.',
          },
        ],
      },
      {
        id: 'requisitos',
        heading: 'Quién puede usar la plataforma y tu cuenta',
        blocks: [
          {
            kind: 'list',
            items: [
              `Debes ser mayor de edad: tener ${MINIMUM_AGE} años cumplidos o más. No aceptamos cuentas de menores de ${MINIMUM_AGE} años y eliminaremos las que detectemos.`,
              'Debes entregar datos verdaderos y mantenerlos al día: nombre, correo electrónico, teléfono y, cuando se te pidan, RUT y dirección.',
              'La cuenta es personal e intransferible: una persona, una cuenta.',
              `Eres responsable de mantener tu contraseña en secreto (de al menos ${PASSWORD_MIN_LENGTH} caracteres) y de lo que se haga desde tu cuenta. Te recomendamos activar la autenticación en dos pasos por SMS o WhatsApp.`,
              [
                'Si crees que otra persona usa tu cuenta, cambia tu contraseña, cierra la sesión en todos los dispositivos desde ',
                { text: 'Configuración', href: webPaths.settings },
                ' y avísanos.',
              ],
            ],
          },
        ],
      },
      {
        id: 'gratuidad',
        heading: 'La app es gratuita',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Descargar la app, registrarte y crear tu perfil no tiene costo. Las funciones de seguridad (botón de alerta, denuncias, videollamadas con la central, cámaras y red de seguridad) son gratuitas porque las financia el Gobierno Regional.',
          },
          {
            kind: 'paragraph',
            text: 'Los servicios de monitoreo de salud son pagados y se contratan por separado. El uso de datos móviles o de internet lo cobra tu compañía telefónica según tu plan.',
          },
        ],
      },
      {
        id: 'alerta',
        heading: 'Botón de alerta de emergencia',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Al presionar el botón de alerta, la app envía a la central tu nombre, tu teléfono y tu ubicación, y la mantiene actualizada mientras la alerta esté activa. Un operador intentará contactarte y, según lo que ocurra, podrá avisar a Carabineros, al SAMU, a Bomberos o a la municipalidad. Las personas de tu red de seguridad recibirán un aviso.',
          },
          {
            kind: 'paragraph',
            text: 'Para que la alerta funcione necesitas conexión a internet, la ubicación activada y los permisos que pide la app. No podemos garantizar que funcione sin señal, sin batería o si el sistema operativo de tu teléfono restringe la app.',
          },
          {
            kind: 'paragraph',
            text: 'Usa el botón solo ante situaciones reales de riesgo. Las alertas falsas o hechas como broma quitan tiempo a emergencias verdaderas y son causal de advertencia, suspensión o cancelación de la cuenta.',
          },
        ],
      },
      {
        id: 'denuncias',
        heading: 'Denuncias',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Puedes informar delitos e incivilidades (por ejemplo, robos, daños, rayados o microbasurales) con una descripción, fotos, videos y la ubicación. La central revisa cada denuncia y, cuando corresponde, la deriva a la autoridad competente: Carabineros, la PDI, el Ministerio Público o la municipalidad.',
          },
          {
            kind: 'paragraph',
            text: 'Debes informar hechos verdaderos. No incluyas datos de otras personas más allá de lo necesario para describir el hecho, ni imágenes que permitan identificar a niños, niñas o adolescentes. Una denuncia falsa es un uso indebido de la plataforma y puede constituir delito.',
          },
        ],
      },
      {
        id: 'central',
        heading: 'Videollamadas, video mail y chat con la central',
        blocks: [
          {
            kind: 'paragraph',
            text: 'La videollamada con la central está disponible dentro del horario de atención que se indica en la app y en este sitio. Fuera de ese horario puedes dejar un video mail o escribirnos por el formulario de contacto.',
          },
          {
            kind: 'paragraph',
            text: 'Las videollamadas pueden ser grabadas, lo que se te informa al iniciarlas. Las grabaciones, los video mails y los mensajes y archivos del chat se usan para atenderte, respaldar una denuncia o una gestión ante la autoridad, revisar la calidad de la atención y proteger a usuarios y operadores. Se conservan por los plazos que indica la Política de privacidad.',
          },
          {
            kind: 'paragraph',
            text: 'Trata a los operadores con respeto. Podemos terminar una llamada o un chat con insultos, amenazas, acoso, contenido sexual o violento, o bromas reiteradas, y aplicar las medidas de la sección «Advertencias, suspensión y cancelación de cuentas». No envíes archivos con virus ni contenido ilícito.',
          },
        ],
      },
      {
        id: 'camaras',
        heading: 'Cámaras',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Puedes vincular cámaras WiFi compatibles a tu cuenta para ver sus imágenes en la app y para que los operadores de la central las vean durante una alerta o cuando tú lo autorices.',
          },
          {
            kind: 'paragraph',
            text: 'Eres responsable de instalar y usar tus cámaras conforme a la ley: deben enfocar tu propiedad, no pueden captar el interior de viviendas o recintos privados de otras personas ni sus conversaciones, y si captan la vía pública debe ser en lo mínimo necesario. Informa de las cámaras a quienes viven o trabajan en el lugar.',
          },
          {
            kind: 'paragraph',
            text: 'No respondemos por fallas de las cámaras, de tu red WiFi o de los servicios de su fabricante.',
          },
        ],
      },
      {
        id: 'red-de-seguridad',
        heading: 'Red personal de seguridad',
        blocks: [
          {
            kind: 'paragraph',
            text: `Puedes invitar por correo electrónico a hasta ${network} personas a tu red personal de seguridad. Cada invitación debe ser aceptada por la persona invitada, que necesita una cuenta en ${brand}. Las personas de tu red reciben un aviso con tu nombre y tu ubicación cuando activas una alerta.`,
          },
          {
            kind: 'paragraph',
            text: 'Invita solo a personas que conozcas y que estén de acuerdo en recibir la invitación. Puedes retirar a alguien de tu red, y cualquier integrante puede salir de una red en cualquier momento desde Configuración.',
          },
        ],
      },
      {
        id: 'plan-de-salud',
        heading: 'Plan de monitoreo de salud',
        blocks: [
          {
            kind: 'paragraph',
            text: `El ${PLAN_BASICO.name} tiene un precio de $${formatThousands(PLAN_BASICO.yearlyPriceClp)} al año, IVA incluido, y comprende:`,
          },
          {
            kind: 'list',
            items: [
              'la app móvil y una smartband;',
              'mediciones manuales y automáticas tipo Holter;',
              'electrocardiograma (ECG) con interpretación por inteligencia artificial;',
              'historial de mediciones en la app y en el portal web;',
              `red personal de seguridad y de emergencia de ${network} usuarios.`,
            ],
          },
          {
            kind: 'paragraph',
            text: 'Lo compras en este sitio y el pago lo procesa Flow, una plataforma de pagos chilena. Los datos de tu tarjeta los ingresas directamente en Flow; nosotros no los vemos ni los guardamos. La smartband se despacha a la dirección que indiques al comprar. El precio vigente se muestra siempre antes de pagar.',
          },
          {
            kind: 'notice',
            text: [
              'La interpretación del electrocardiograma con inteligencia artificial y las demás mediciones tienen un fin preventivo. No son un diagnóstico ni una opinión médica, y no reemplazan la consulta con un profesional de la salud. Si tienes dolor en el pecho, falta de aire, desmayo u otro síntoma grave, llama al ',
              tel('131'),
              ' (SAMU).',
            ],
          },
          {
            kind: 'paragraph',
            text: 'La exactitud de las mediciones depende del uso correcto de la smartband (ajuste, carga y posición) y puede variar de una persona a otra. El servicio de médico virtual estará disponible próximamente; sus condiciones se informarán antes de que lo contrates.',
          },
          {
            kind: 'paragraph',
            text: 'Conservas todos los derechos que te otorga la Ley N° 19.496 sobre Protección de los Derechos de los Consumidores, entre ellos la garantía legal de la smartband y, cuando proceda, el derecho de retracto en las compras a distancia.',
          },
        ],
      },
      {
        id: 'sorteo-de-camaras',
        heading: 'Sorteo de cámaras',
        blocks: [
          {
            kind: 'list',
            items: [
              [
                `Participan las primeras ${formatThousands(DRAW.eligibleRegistrants)} personas que se registren como usuarios nuevos en la `,
                { text: 'página del sorteo', href: webPaths.promo },
                ', descarguen e instalen la app, y que cumplan estos términos.',
              ],
              `Para completar tu participación debes invitar por correo electrónico a ${DRAW.invitationsRequired} contactos desde la página del sorteo. Invita solo a personas que conozcas y que acepten recibir el correo.`,
              `Se sortean ${DRAW.cameras} cámaras IP entre quienes cumplan los requisitos. Cada persona puede ganar una sola cámara.`,
              [
                'Publicamos a los ganadores en ',
                { text: 'Resultados Sorteo de Cámaras', href: webPaths.results },
                ' con su nombre y su teléfono parcialmente oculto. Al participar, autorizas esa publicación.',
              ],
              'Contactamos a los ganadores por correo electrónico o por WhatsApp para coordinar la entrega. Nunca te pediremos pagos, contraseñas ni datos bancarios para entregarte un premio.',
              'El premio no es canjeable por dinero ni transferible. Si un ganador no responde dentro del plazo que le indiquemos o no cumple los requisitos, el premio se asigna a otra persona elegida de la misma forma.',
              'Quedan fuera del sorteo las cuentas falsas, duplicadas o creadas para aumentar las posibilidades de ganar.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Otras promociones, como la ruleta de premios, se rigen por las condiciones que se muestran en cada una.',
          },
        ],
      },
      {
        id: 'obligaciones',
        heading: 'Tus obligaciones',
        blocks: [
          { kind: 'paragraph', text: 'Al usar la plataforma te comprometes a:' },
          {
            kind: 'list',
            items: [
              'usarla de buena fe, conforme a estos términos y a la ley chilena;',
              'no enviar alertas ni denuncias falsas, ni hacer bromas a la central;',
              'no insultar, amenazar, acosar ni discriminar a los operadores ni a otros usuarios;',
              'no suplantar a otra persona ni crear cuentas con datos falsos;',
              'no enviar contenido ilícito, ofensivo, sexual o violento, ni datos de otras personas que no sean necesarios;',
              'no intentar acceder sin autorización a cuentas, sistemas o datos, ni interferir en el funcionamiento de la plataforma (por ejemplo, con virus, ataques o uso automatizado);',
              'respetar la privacidad de otras personas al usar cámaras y al compartir imágenes;',
              'mantener tu contraseña en secreto y tus datos de contacto al día.',
            ],
          },
        ],
      },
      {
        id: 'sanciones',
        heading: 'Advertencias, suspensión y cancelación de cuentas',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Podemos advertirte, suspender temporalmente tu cuenta o cancelarla si no cumples estos términos, en especial por:',
          },
          {
            kind: 'list',
            items: [
              'alertas falsas o reiteradas sin motivo;',
              'denuncias falsas o hechas para perjudicar a otra persona;',
              'maltrato, amenazas o acoso a los operadores de la central o a otros usuarios;',
              'suplantación de identidad, datos falsos o cuentas duplicadas, incluido el fraude en sorteos y promociones;',
              'usar la plataforma para cometer delitos o para vigilar o perseguir a otras personas;',
              'intentar vulnerar la seguridad de la plataforma.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'La medida será proporcional a la gravedad y la reiteración de la falta. Salvo urgencia o riesgo para otras personas, primero te advertiremos por correo electrónico y podrás explicar lo ocurrido antes de que suspendamos o cancelemos tu cuenta. Si la falta pudiera constituir delito, podremos informarla a las autoridades.',
          },
          {
            kind: 'paragraph',
            text: [
              'Tú puedes eliminar tu cuenta cuando quieras en la página ',
              { text: 'Eliminar cuenta', href: webPaths.deleteAccount },
              `, escribiendo la frase «${DELETE_ACCOUNT_PHRASE}» para confirmar.`,
            ],
          },
        ],
      },
      {
        id: 'propiedad-intelectual',
        heading: 'Propiedad intelectual',
        blocks: [
          {
            kind: 'paragraph',
            text: 'La app, este sitio, su diseño, textos, logos y software pertenecen al Gobierno Regional, al operador o a sus licenciantes, y están protegidos por la Ley N° 17.336 sobre Propiedad Intelectual y las demás normas aplicables. Te damos una licencia personal, gratuita, no exclusiva y revocable para usar la app en tus dispositivos conforme a estos términos. No puedes copiarla, modificarla, descompilarla ni explotarla comercialmente.',
          },
          {
            kind: 'paragraph',
            text: 'El contenido que envías (denuncias, fotos, videos y mensajes) sigue siendo tuyo. Nos autorizas a usarlo solo para prestarte el servicio, gestionar tus denuncias ante las autoridades y cumplir la ley.',
          },
        ],
      },
      {
        id: 'responsabilidad',
        heading: 'Limitación de responsabilidad',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Hacemos lo razonable para que la plataforma funcione de forma continua y segura, pero depende de redes móviles, internet, GPS, tiendas de aplicaciones y proveedores que no controlamos. Por eso no garantizamos que esté siempre disponible ni libre de errores, y podemos interrumpirla para mantenimiento, avisándote con anticipación cuando sea posible.',
          },
          {
            kind: 'paragraph',
            text: 'No respondemos por los daños causados por el uso de la plataforma en contra de estos términos; por la falta de señal, batería o permisos en tu teléfono; por fallas de equipos o servicios de terceros; por información falsa entregada por los usuarios, ni por la actuación de Carabineros, el SAMU, Bomberos u otros organismos a los que derivemos una alerta o una denuncia.',
          },
          {
            kind: 'paragraph',
            text: 'Nada de lo anterior limita la responsabilidad que nos corresponda por culpa o dolo, ni los derechos irrenunciables que te reconoce la ley, incluida la Ley N° 19.496 cuando actúas como consumidor.',
          },
        ],
      },
      {
        id: 'datos-personales',
        heading: 'Datos personales',
        blocks: [
          {
            kind: 'paragraph',
            text: [
              'Tratamos tus datos personales conforme a la Ley N° 19.628 sobre Protección de la Vida Privada y su reforma por la Ley N° 21.719, como se explica en la ',
              { text: 'Política de privacidad', href: webPaths.privacy },
              ', que forma parte de estos términos.',
            ],
          },
        ],
      },
      {
        id: 'cambios',
        heading: 'Cambios a estos términos',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Podemos modificar estos términos para reflejar cambios en la plataforma o en la ley. Si el cambio es importante, te avisaremos por correo electrónico o en la app al menos 15 días corridos antes de que rija. Si no estás de acuerdo, puedes eliminar tu cuenta antes de esa fecha; si sigues usando la plataforma después, se entenderá que aceptas los nuevos términos.',
          },
          {
            kind: 'paragraph',
            text: 'Los cambios no afectan las condiciones de un plan de salud ya pagado hasta el término del período contratado.',
          },
        ],
      },
      {
        id: 'ley-aplicable',
        heading: 'Ley aplicable y solución de controversias',
        blocks: [
          { kind: 'paragraph', text: 'Estos términos se rigen por las leyes de la República de Chile.' },
          {
            kind: 'paragraph',
            text: 'Toda controversia sobre la aplicación, interpretación, cumplimiento o validez de estos términos que no se resuelva de común acuerdo se someterá a arbitraje en la ciudad de Santiago, ante un solo árbitro, que tendrá el carácter de árbitro arbitrador o amigable componedor: tramitará el asunto conforme al Reglamento Procesal de Arbitraje del Centro de Arbitraje y Mediación de Santiago vigente al momento de solicitarlo y fallará según lo que su prudencia y la equidad le dicten.',
          },
          {
            kind: 'paragraph',
            text: 'Las partes confieren mandato especial e irrevocable a la Cámara de Comercio de Santiago A.G. para que, a petición escrita de cualquiera de ellas, designe al árbitro de entre los integrantes de su cuerpo arbitral. Contra las resoluciones del árbitro no procederá recurso alguno, salvo los que la ley declara irrenunciables.',
          },
          {
            kind: 'paragraph',
            text: 'Si actúas como consumidor, esta cláusula no te impide acudir al tribunal competente ni presentar un reclamo ante el Servicio Nacional del Consumidor (SERNAC), como te lo asegura la Ley N° 19.496.',
          },
        ],
      },
      {
        id: 'contacto',
        heading: 'Contacto',
        blocks: [
          {
            kind: 'paragraph',
            text: [
              'Si tienes dudas sobre estos términos, escríbenos a ',
              mail,
              ' o usa el formulario de contacto de este sitio.',
            ],
          },
        ],
      },
    ],
  };
}
