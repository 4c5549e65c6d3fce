import {
  DELETE_ACCOUNT_PHRASE,
  DRAW,
  MINIMUM_AGE,
  PLAN_BASICO,
  PLAN_PREMIUM_YEARLY_PRICE_CLP,
  SECURITY_NETWORK_MAX_PEOPLE,
  VERIFICATION_CODE_DIGITS,
} from '@seguridad/contracts/constants';
import { formatThousands } from '@seguridad/contracts/helpers/clp';
import { faqAnchors, webPaths } from '@seguridad/contracts/web-paths';
import { type RichTextValue, type TextLink } from '../../shared/ui/rich-text-value';

/**
 * The FAQ page's text as data, read by the page and by the PDF script of the build.
 *
 * The brand and contact details come in as a parameter: the page and the PDF script pass
 * `siteConfig`, and tests pass a brand of their own to check that no name is written in.
 *
 * Every character here must exist in the PDF's WinAnsi encoding (Latin-1 plus “ ” ‘ ’ « » — …);
 * `faq-content.test.ts` checks it.
 */

type FaqSite = { brandName: string; regionName: string; contactEmail: string };

type FaqPlan = {
  name: string;
  yearlyPriceClp: number;
  summary: string;
  features: readonly RichTextValue[];
};

export type FaqBlock =
  | { kind: 'paragraph'; text: RichTextValue }
  | { kind: 'list'; items: readonly RichTextValue[] }
  | { kind: 'plans'; plans: readonly FaqPlan[] };

type FaqQuestion = { id: string; question: string; answer: readonly FaqBlock[] };

type FaqAnchor = (typeof faqAnchors)[keyof typeof faqAnchors];

export type FaqSection = {
  id: FaqAnchor;
  title: string;
  /** Shown in full, before the questions. */
  intro: readonly FaqBlock[];
  questions: readonly FaqQuestion[];
};

type FaqContent = {
  title: string;
  lead: string;
  updated: string;
  sections: readonly FaqSection[];
};

/** '$149.990', as Chilean prices are written. */
export function formatPlanPrice(amountClp: number): string {
  return `$${formatThousands(amountClp)}`;
}

const emergencyNumbers: RichTextValue = [
  'llama primero al ',
  { text: '133', href: 'tel:133' },
  ' (Carabineros), al ',
  { text: '131', href: 'tel:131' },
  ' (ambulancia, SAMU) o al ',
  { text: '132', href: 'tel:132' },
  ' (Bomberos)',
];

const networkSize = SECURITY_NETWORK_MAX_PEOPLE;

/** Plan Básico's features (spec §3), as the checkout describes the plan. */
const planBasicoFeatures = [
  'App móvil y smartband.',
  'Mediciones manuales y automáticas tipo Holter.',
  'Electrocardiograma (ECG) con interpretación por inteligencia artificial.',
  'Historial de mediciones en la app y en el portal web.',
  `Red personal de seguridad y de emergencia (${networkSize} usuarios).`,
] as const;

export function faqContent(site: FaqSite): FaqContent {
  const { brandName: brand, contactEmail } = site;
  const mail: TextLink = { text: contactEmail, href: `mailto:${contactEmail}` };
  const basicPrice = formatPlanPrice(PLAN_BASICO.yearlyPriceClp);
  const premiumPrice = formatPlanPrice(PLAN_PREMIUM_YEARLY_PRICE_CLP);

  const platform: FaqSection = {
    id: faqAnchors.platform,
    title: 'La plataforma',
    intro: [
      {
        kind: 'paragraph',
        text: `${brand} reúne dos servicios: una app de seguridad ciudadana gratuita, financiada por el Gobierno Regional para quienes viven en ${site.regionName}, y una plataforma pagada de monitoreo de salud, que combina la app con una smartband.`,
      },
    ],
    questions: [
      {
        id: 'que-es-la-app',
        question: `¿Qué es la app de seguridad ${brand}?`,
        answer: [
          {
            kind: 'paragraph',
            text: 'Es una app gratuita para iOS y Android que te conecta con la central de monitoreo de la región. Con ella puedes:',
          },
          {
            kind: 'list',
            items: [
              'enviar una alerta de emergencia con tu ubicación, con un solo botón;',
              'hacer denuncias de delitos e incivilidades, con fotos, videos y ubicación;',
              'hablar por videollamada con un operador de la central, dejar un video mail o escribirnos;',
              'vincular cámaras WiFi y ver sus imágenes desde el teléfono;',
              `formar tu red personal de seguridad, de hasta ${networkSize} personas que reciben tus alertas;`,
              'recibir noticias e información de seguridad de la región.',
            ],
          },
        ],
      },
      {
        id: 'que-es-la-plataforma-de-salud',
        question: '¿Qué es la plataforma de monitoreo de salud?',
        answer: [
          {
            kind: 'paragraph',
            text: 'Es un servicio pagado que usa una smartband (pulsera inteligente) y la app para medir parámetros como la presión arterial, la frecuencia cardiaca, la saturación de oxígeno y el electrocardiograma. Las mediciones quedan guardadas y puedes revisarlas en la app y en el portal web. Es una herramienta preventiva: no reemplaza a tu médico.',
          },
        ],
      },
      {
        id: 'portal-web',
        question: '¿Qué es el portal web y cómo entro?',
        answer: [
          {
            kind: 'paragraph',
            text: 'En el portal web ves el historial de tus mediciones de salud en una pantalla más grande. Entras con las mismas credenciales de la app: tu correo electrónico y tu contraseña. No necesitas crear otra cuenta.',
          },
          {
            kind: 'paragraph',
            text: [
              'En este sitio también puedes administrar tu cuenta, tus dispositivos, tu red de seguridad y la autenticación en dos pasos, desde ',
              { text: 'Configuración', href: webPaths.settings },
              '.',
            ],
          },
        ],
      },
      {
        id: 'quien-esta-detras',
        question: `¿Quién está detrás de ${brand}?`,
        answer: [
          {
            kind: 'paragraph',
            text: 'La plataforma de seguridad la financia el Gobierno Regional y la administra un operador, que también atiende la central de monitoreo. Los operadores de la central son las personas que reciben tus alertas, videollamadas y mensajes.',
          },
        ],
      },
    ],
  };

  const parameters: FaqSection = {
    id: faqAnchors.parameters,
    title: 'Parámetros que se monitorean',
    intro: [
      { kind: 'paragraph', text: 'La smartband y la app miden:' },
      {
        kind: 'list',
        items: [
          'presión arterial;',
          'frecuencia cardiaca;',
          'saturación de oxígeno en la sangre;',
          'electrocardiograma (ECG), con interpretación por inteligencia artificial;',
          'temperatura (solo con la smartband);',
          'calorías;',
          'pasos.',
        ],
      },
    ],
    questions: [
      {
        id: 'mediciones-manuales-automaticas',
        question: '¿Las mediciones son manuales o automáticas?',
        answer: [
          {
            kind: 'paragraph',
            text: 'Las dos. Puedes medir cuando quieras desde la app (medición manual) o dejar que la smartband mida sola a intervalos durante el día y la noche, como un monitoreo tipo Holter (medición automática).',
          },
        ],
      },
      {
        id: 'donde-veo-mis-mediciones',
        question: '¿Dónde veo mis mediciones?',
        answer: [
          {
            kind: 'paragraph',
            text: 'En la app y en el portal web, con las mismas credenciales. Ahí encuentras la última medición de cada parámetro y su historial.',
          },
        ],
      },
      {
        id: 'interpretacion-ecg',
        question: '¿La interpretación del ECG reemplaza a mi médico?',
        answer: [
          {
            kind: 'paragraph',
            text: 'No. La interpretación del electrocardiograma con inteligencia artificial tiene un fin preventivo: te ayuda a notar cambios y a decidir cuándo consultar. No es un diagnóstico ni una opinión médica. Si un resultado te preocupa, consulta a un profesional de la salud.',
          },
          {
            kind: 'paragraph',
            text: [
              'Si tienes dolor en el pecho, falta de aire, desmayo u otro síntoma grave, no esperes una medición: llama al ',
              { text: '131', href: 'tel:131' },
              ' (SAMU).',
            ],
          },
        ],
      },
      {
        id: 'temperatura',
        question: '¿Puedo medir la temperatura solo con el teléfono?',
        answer: [
          {
            kind: 'paragraph',
            text: 'No. La temperatura se mide únicamente con la smartband; el teléfono no tiene un sensor para hacerlo.',
          },
        ],
      },
    ],
  };

  const prices: FaqSection = {
    id: faqAnchors.prices,
    title: 'Precios brutos de los servicios',
    intro: [
      {
        kind: 'paragraph',
        text: 'Descargar la app y registrar tu perfil es gratis. El acceso a los servicios de monitoreo de salud es pagado. Los precios son brutos, en pesos chilenos e incluyen IVA.',
      },
      {
        kind: 'plans',
        plans: [
          {
            name: PLAN_BASICO.name,
            yearlyPriceClp: PLAN_BASICO.yearlyPriceClp,
            summary: 'El plan de monitoreo de salud que puedes comprar hoy en este sitio.',
            features: planBasicoFeatures,
          },
          {
            name: 'Plan Premium',
            yearlyPriceClp: PLAN_PREMIUM_YEARLY_PRICE_CLP,
            summary: 'Todo lo del Plan Básico, más atención de salud a distancia.',
            features: ['Todo lo que incluye el Plan Básico.', 'Servicio de médico virtual (próximamente).'],
          },
        ],
      },
    ],
    questions: [
      {
        id: 'precios-incluyen-iva',
        question: '¿Los precios incluyen IVA?',
        answer: [
          {
            kind: 'paragraph',
            text: `Sí. Son precios brutos anuales: ${basicPrice} al año el Plan Básico y ${premiumPrice} al año el Plan Premium, con IVA incluido.`,
          },
        ],
      },
      {
        id: 'como-pago',
        question: '¿Cómo pago el plan?',
        answer: [
          {
            kind: 'paragraph',
            text: 'En línea, con tarjeta de débito o crédito, a través de Flow, una plataforma de pagos chilena. Los datos de tu tarjeta los ingresas directamente en Flow: nosotros no los vemos ni los guardamos. Al terminar el pago vuelves a este sitio, que te muestra el resultado. La smartband se despacha a la dirección que indiques al comprar.',
          },
        ],
      },
      {
        id: 'medico-virtual',
        question: '¿Qué es el servicio de médico virtual?',
        answer: [
          {
            kind: 'paragraph',
            text: 'Es una atención de salud a distancia que estará disponible próximamente. Te avisaremos cuando puedas contratarla y te informaremos sus condiciones antes de hacerlo.',
          },
        ],
      },
      {
        id: 'seguridad-gratis',
        question: '¿Tengo que pagar para usar las funciones de seguridad?',
        answer: [
          {
            kind: 'paragraph',
            text: 'No. El botón de alerta, las denuncias, las videollamadas con la central, las cámaras y la red de seguridad son gratuitos. Solo los servicios de salud son pagados.',
          },
        ],
      },
    ],
  };

  const general: FaqSection = {
    id: faqAnchors.general,
    title: 'Preguntas generales',
    intro: [],
    questions: [
      {
        id: 'app-gratuita',
        question: '¿La app es gratuita?',
        answer: [
          {
            kind: 'paragraph',
            text: `Sí. Descargar ${brand} y registrar tu perfil no tiene costo, y las funciones de seguridad son gratuitas porque las financia el Gobierno Regional. Solo los servicios de monitoreo de salud son pagados. El uso de datos móviles lo cobra tu compañía telefónica según tu plan.`,
          },
        ],
      },
      {
        id: 'quien-puede-usarla',
        question: '¿Quién puede usar la app?',
        answer: [
          {
            kind: 'paragraph',
            text: `Cualquier persona mayor de edad, es decir, con ${MINIMUM_AGE} años cumplidos o más. La app está pensada para quienes viven o transitan por ${site.regionName}. No aceptamos cuentas de menores de edad.`,
          },
        ],
      },
      {
        id: 'boton-de-alerta',
        question: '¿Qué pasa cuando presiono el botón de alerta?',
        answer: [
          {
            kind: 'paragraph',
            text: 'La app envía a la central tu nombre, tu teléfono y tu ubicación, y la mantiene actualizada mientras la alerta esté activa. Un operador intenta contactarte y, según lo que ocurra, avisa a Carabineros, al SAMU, a Bomberos o a la municipalidad. Las personas de tu red de seguridad también reciben un aviso.',
          },
          {
            kind: 'paragraph',
            text: 'Para que funcione necesitas conexión a internet y la ubicación activada. Úsalo solo en situaciones reales: las alertas falsas quitan tiempo a emergencias verdaderas y pueden llevar a la suspensión de tu cuenta.',
          },
        ],
      },
      {
        id: 'videollamada-grabada',
        question: '¿La videollamada con la central queda grabada?',
        answer: [
          {
            kind: 'paragraph',
            text: 'Puede quedar grabada, y se te informa al iniciarla. Las grabaciones sirven para atenderte, respaldar una denuncia y revisar la calidad de la atención. Las guardamos 6 meses, salvo que se necesiten para una denuncia o una acción judicial. Puedes pedirnos acceso a ellas.',
          },
          {
            kind: 'paragraph',
            text: 'La videollamada está disponible en el horario de atención de la central. Fuera de ese horario puedes dejar un video mail o escribirnos por el formulario de contacto.',
          },
        ],
      },
      {
        id: 'agregar-a-mi-red',
        question: '¿Cómo agrego personas a mi red de seguridad?',
        answer: [
          {
            kind: 'paragraph',
            text: [
              `Desde la app o en `,
              { text: 'Configuración', href: webPaths.settings },
              `, sección Redes de Seguridad: en la pestaña Mi Red presiona Añadir, escribe el correo de la persona y presiona Enviar. Puedes tener hasta ${networkSize} personas en tu red.`,
            ],
          },
          {
            kind: 'paragraph',
            text: `La persona recibe un correo con un enlace para aceptar o rechazar la invitación; si no tiene cuenta en ${brand}, primero debe registrarse. Cuando acepta, aparece como Invitación Confirmada. En la pestaña Redes Externas ves las redes de otras personas a las que perteneces y puedes salir de ellas.`,
          },
        ],
      },
      {
        id: 'cambio-de-telefono',
        question: '¿Qué hago si cambio de teléfono?',
        answer: [
          {
            kind: 'paragraph',
            text: 'Instala la app en el teléfono nuevo e inicia sesión con tu mismo correo y contraseña: tu cuenta, tu red y tu historial se mantienen. Si tienes activada la autenticación en dos pasos, te enviaremos un código al teléfono que registraste. Si detectamos un dispositivo nuevo, podemos pedirte que confirmes la recuperación de tu cuenta por correo.',
          },
          {
            kind: 'paragraph',
            text: [
              'Si también cambiaste de número, actualízalo en ',
              { text: 'Configuración', href: webPaths.settings },
              ', sección Cuenta, y vuelve a activar la autenticación en dos pasos. Si perdiste el teléfono anterior o te lo robaron, usa la opción de cerrar sesión en todos los dispositivos (sección Privacidad y Seguridad) y cambia tu contraseña.',
            ],
          },
        ],
      },
      {
        id: 'eliminar-cuenta',
        question: '¿Cómo elimino mi cuenta?',
        answer: [
          {
            kind: 'paragraph',
            text: [
              'Entra a la página ',
              { text: 'Eliminar cuenta', href: webPaths.deleteAccount },
              `, inicia sesión si te lo pide y escribe la frase «${DELETE_ACCOUNT_PHRASE}» para confirmar. También puedes pedirlo por correo a `,
              mail,
              '.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'La eliminación es definitiva: borramos tu perfil, tu red y tus mediciones. Solo conservamos lo que la ley nos obliga a guardar, como los registros de compras (6 años, por normas tributarias) o las grabaciones que respaldan una denuncia en curso.',
          },
        ],
      },
      {
        id: 'sorteo-de-camaras',
        question: '¿Cómo funciona el sorteo de cámaras?',
        answer: [
          {
            kind: 'paragraph',
            text: [
              `Entre las primeras ${formatThousands(DRAW.eligibleRegistrants)} personas que se registren como usuarios nuevos en la `,
              { text: 'página del sorteo', href: webPaths.promo },
              `, descarguen e instalen la app, sorteamos ${DRAW.cameras} cámaras IP. Para participar, después de registrarte debes invitar por correo electrónico a ${DRAW.invitationsRequired} contactos. Cada persona puede ganar una sola cámara.`,
            ],
          },
          {
            kind: 'paragraph',
            text: [
              'Publicamos a los ganadores en ',
              { text: 'Resultados Sorteo de Cámaras', href: webPaths.results },
              ', con su nombre y su teléfono parcialmente oculto.',
            ],
          },
        ],
      },
      {
        id: 'contacto-ganadores',
        question: '¿Cómo me avisan si gané?',
        answer: [
          {
            kind: 'paragraph',
            text: 'Te contactamos por correo electrónico o por WhatsApp, a los datos que registraste, para coordinar la entrega de tu cámara. Nunca te pediremos pagos, contraseñas, códigos de verificación ni datos bancarios para entregarte un premio: si alguien lo hace en nombre del sorteo, es un intento de fraude.',
          },
        ],
      },
      {
        id: 'emergencia-real',
        question: '¿Qué hago en una emergencia real?',
        answer: [
          {
            kind: 'paragraph',
            text: [
              `${brand} no reemplaza a los servicios de emergencia. Si tu vida o la de otra persona está en peligro, `,
              ...emergencyNumbers,
              '. Después, si puedes, activa el botón de alerta de la app para que la central y tu red sepan dónde estás.',
            ],
          },
        ],
      },
      {
        id: 'mis-datos',
        question: '¿Qué hacen con mis datos?',
        answer: [
          {
            kind: 'paragraph',
            text: [
              'Los usamos solo para prestarte el servicio y para tu seguridad; no los vendemos ni usamos publicidad. Tus datos de salud son datos sensibles y solo los tratamos con tu consentimiento expreso. Todo el detalle, y cómo ejercer tus derechos, está en la ',
              { text: 'Política de privacidad', href: webPaths.privacy },
              '.',
            ],
          },
        ],
      },
      {
        id: 'contactarnos',
        question: '¿Cómo me comunico con ustedes?',
        answer: [
          {
            kind: 'paragraph',
            text: [
              'Desde el botón de contacto de este sitio puedes iniciar una videollamada con la central (en su horario de atención), dejar un video mail o enviar el formulario de contacto. También puedes escribirnos a ',
              mail,
              `. Nunca te pediremos tu contraseña ni tus códigos de verificación de ${VERIFICATION_CODE_DIGITS} dígitos.`,
            ],
          },
        ],
      },
    ],
  };

  return {
    title: 'Preguntas frecuentes',
    lead: `Lo que más nos preguntan sobre ${brand}: qué es la plataforma, qué mide, cuánto cuestan los servicios de salud y cómo funciona la app de seguridad.`,
    updated: 'noviembre de 2026',
    sections: [platform, parameters, prices, general],
  };
}
