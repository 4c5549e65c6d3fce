import { DRAW, SECURITY_NETWORK_MAX_PEOPLE } from '@seguridad/contracts/constants';
import { landingAnchors } from '@seguridad/contracts/web-paths';

/**
 * Every text of the landing page, as plain data. The page renders it and the build script that
 * writes the app-presentation PDF reads it too, so both always say the same thing.
 *
 * It takes the brand as an argument (the page and the PDF script pass `siteConfig`), so the text
 * holds no brand of its own.
 */
type LandingSite = { brandName: string; regionName: string; contactEmail: string };

/** Names of the illustrations in `assets/`; the page maps them to files, the PDF ignores them. */
export type LandingImageKey =
  'hero' | 'alert' | 'report' | 'video' | 'camera' | 'network' | 'news' | 'panel' | 'draw';

type LandingImage = { key: LandingImageKey; alt: string };

export type LandingFeature = {
  /** The section's in-page anchor; the header menu links to some of them (`landingAnchors`). */
  id: string;
  /** Short label above the heading. */
  eyebrow: string;
  title: string;
  summary: string;
  points: string[];
  image: LandingImage;
};

export type LandingContent = {
  hero: {
    id: string;
    title: string;
    lead: string;
    storeHint: string;
    image: LandingImage;
  };
  features: LandingFeature[];
  webPanel: LandingFeature;
  draw: {
    id: string;
    eyebrow: string;
    title: string;
    summary: string;
    steps: string[];
    winnersNote: string;
    resultsLinkLabel: string;
    promoLinkLabel: string;
    image: LandingImage;
  };
  download: {
    id: string;
    title: string;
    summary: string;
    contactTitle: string;
    contactIntro: string;
    contactEmail: string;
    floatingButtonNote: string;
  };
};

export function landingContent(site: LandingSite): LandingContent {
  const { brandName, regionName } = site;

  return {
    hero: {
      id: landingAnchors.app,
      title: `La app gratuita de seguridad ciudadana de ${regionName}`,
      lead: 'Pide ayuda con un solo botón, denuncia lo que pasa en tu barrio y habla por video con la central de seguridad. Gratis, financiada por el Gobierno Regional.',
      storeHint: 'Disponible para iPhone y Android.',
      image: {
        key: 'hero',
        alt: 'Teléfono con la app abierta en el botón de alerta, sobre un mapa con puntos de ubicación',
      },
    },
    features: [
      {
        id: landingAnchors.alerts,
        eyebrow: 'Alerta de seguridad',
        title: 'Un botón de emergencia siempre a mano',
        summary:
          'Si estás en peligro o ves una emergencia, activa el botón de alerta. La central de seguridad recibe el aviso con tu ubicación y tu red de confianza se entera al mismo tiempo.',
        points: [
          'Actívalo desde la pantalla principal de la app, sin pasar por menús.',
          'La central recibe tu ubicación para coordinar la ayuda.',
          'Las personas de tu red de seguridad reciben una notificación en su teléfono.',
          'Al otro lado siempre responde una persona, no un contestador.',
        ],
        image: { key: 'alert', alt: 'Teléfono mostrando un gran botón rojo de alerta SOS' },
      },
      {
        id: landingAnchors.reports,
        eyebrow: 'Denuncias',
        title: 'Denuncia delitos e incivilidades de tu barrio',
        summary:
          'Cuéntanos lo que pasa en tu sector: un robo, un vehículo sospechoso, rayados, microbasurales o ruidos molestos. Tu denuncia llega a la central y ayuda a decidir dónde se necesita más apoyo.',
        points: [
          'Elige si se trata de un delito o de una incivilidad.',
          'Marca el lugar en el mapa y agrega una descripción o una foto.',
          'Hazlo en el momento o más tarde, cuando estés en un lugar seguro.',
          'Cada denuncia queda registrada para el trabajo de la central de la región.',
        ],
        image: { key: 'report', alt: 'Mapa de un barrio con un marcador de denuncia y una foto adjunta' },
      },
      {
        id: 'videollamada',
        eyebrow: 'Central de videollamadas',
        title: 'Habla cara a cara con un operador',
        summary:
          'Llama por video a la central de seguridad y muestra lo que está pasando. Un operador te escucha, te orienta y, si hace falta, coordina la ayuda.',
        points: [
          'Elige el motivo de tu llamada y presiona Llamar.',
          'Muestra el lugar con la cámara de tu teléfono.',
          'Escribe por chat y envía fotos o archivos durante la llamada.',
          'Si no hay un operador disponible, deja un video mensaje y te contactaremos.',
        ],
        image: { key: 'video', alt: 'Videollamada con una operadora de la central y una burbuja de chat' },
      },
      {
        id: landingAnchors.cameras,
        eyebrow: 'Cámaras',
        title: 'Tus cámaras WiFi, en tu teléfono',
        summary:
          'Conecta tus cámaras WiFi a la app y mira tu casa o tu negocio desde donde estés. Tú decides quién más puede verlas.',
        points: [
          'Mira la imagen de tus cámaras en vivo desde la app.',
          'Como usuario principal, decides si las compartes con tu red de seguridad.',
          'También decides si los operadores de la central pueden verlas.',
          'Puedes cambiar estos permisos cuando quieras.',
        ],
        image: { key: 'camera', alt: 'Cámara WiFi conectada, junto a los contactos con los que se comparte' },
      },
      {
        id: landingAnchors.network,
        eyebrow: 'Red de seguridad',
        title: 'Tu red de confianza, siempre conectada',
        summary: `Arma tu red personal de seguridad con hasta ${SECURITY_NETWORK_MAX_PEOPLE} personas: familia, vecinos o amigos. Se enteran cuando necesitas ayuda y tú puedes estar atento a ellos.`,
        points: [
          `Invita hasta ${SECURITY_NETWORK_MAX_PEOPLE} personas por correo electrónico.`,
          'Cada invitado acepta o rechaza la invitación desde la app.',
          'Tu red recibe un aviso cuando activas el botón de alerta.',
          'También puedes formar parte de la red de otras personas.',
        ],
        image: { key: 'network', alt: 'Cinco personas conectadas a un escudo de seguridad' },
      },
      {
        id: 'noticias',
        eyebrow: 'Noticias',
        title: `Noticias de ${regionName}`,
        summary:
          'Infórmate de lo que pasa cerca de ti con noticias y avisos de seguridad de la región, en el mismo lugar donde pides ayuda.',
        points: [
          'Recomendaciones y avisos de seguridad para tu comuna.',
          'Novedades de la central y de la plataforma.',
          'Información oficial, sin cadenas ni rumores.',
        ],
        image: { key: 'news', alt: 'Página de noticias con titulares y una imagen' },
      },
    ],
    webPanel: {
      id: landingAnchors.webPanel,
      eyebrow: 'Panel web',
      title: 'Tu información también en el computador',
      summary: `Entra al portal web de ${brandName} con el mismo correo y la misma contraseña de la app y revisa los mismos datos que ves en tu teléfono. Los operadores de la central trabajan en su propio panel web, donde atienden alertas, denuncias y videollamadas.`,
      points: [
        'Ingresa con las mismas credenciales de la app.',
        'Revisa tu cuenta, tus dispositivos y tus redes de seguridad.',
        'Protege tu cuenta con la verificación en dos pasos por SMS o WhatsApp.',
        'Los operadores ven en su panel las alertas y denuncias de la región.',
      ],
      image: {
        key: 'panel',
        alt: 'Pantalla de computador con el panel web: mapa, gráfico y lista de alertas',
      },
    },
    draw: {
      id: 'sorteo',
      eyebrow: 'Para nuevos usuarios',
      title: `Sorteo de ${DRAW.cameras} cámaras`,
      summary: `Entre las primeras ${DRAW.eligibleRegistrants.toLocaleString('es-CL')} personas nuevas que se registren, descarguen e instalen la app, sortearemos ${DRAW.cameras} cámaras IP.`,
      steps: [
        `Descarga e instala ${brandName} en tu teléfono.`,
        'Regístrate con tus datos.',
        `Invita a ${DRAW.invitationsRequired} contactos por correo electrónico.`,
      ],
      winnersNote:
        'Publicamos los ganadores en la página de resultados y los contactamos por correo electrónico o WhatsApp.',
      resultsLinkLabel: 'Ver los ganadores del sorteo',
      promoLinkLabel: 'Participa en el sorteo',
      image: { key: 'draw', alt: '' },
    },
    download: {
      id: landingAnchors.download,
      title: `Descarga ${brandName} gratis`,
      summary:
        'Instálala hoy, arma tu red de seguridad y ten la central de tu región a un toque de distancia.',
      contactTitle: '¿Tienes preguntas?',
      contactIntro: 'Escríbenos a',
      contactEmail: site.contactEmail,
      floatingButtonNote:
        'En nuestro sitio web, el botón de contacto flotante, al costado de la pantalla, te permite llamar a la central por video, dejarle un video mensaje o escribirnos.',
    },
  };
}
