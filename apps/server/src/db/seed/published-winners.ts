/**
 * The published list of the first camera-draw winners, shown on /ganadores-camaras until the draw
 * itself fills the table. Names and numbers are fictional.
 */
export const publishedWinners: { name: string; phone: string }[] = [
  { name: 'María José Fuentes', phone: '+56912345871' },
  { name: 'Juan Pablo Rojas', phone: '+56987654312' },
  { name: 'Catalina Muñoz', phone: '+56955512093' },
  { name: 'Diego Soto', phone: '+56944478120' },
  { name: 'Francisca Contreras', phone: '+56933219845' },
  { name: 'Benjamín Araya', phone: '+56966103457' },
  { name: 'Valentina Sepúlveda', phone: '+56978841236' },
  { name: 'Matías González', phone: '+56921907764' },
  { name: 'Javiera Espinoza', phone: '+56995530128' },
  { name: 'Tomás Morales', phone: '+56913378650' },
  { name: 'Constanza Reyes', phone: '+56940026691' },
  { name: 'Sebastián Castillo', phone: '+56982214573' },
  { name: 'Antonia Vergara', phone: '+56957763018' },
  { name: 'Nicolás Tapia', phone: '+56936690245' },
  { name: 'Fernanda Jara', phone: '+56971128839' },
  { name: 'Ignacio Carrasco', phone: '+56948815506' },
  { name: 'Isidora Navarro', phone: '+56925547712' },
  { name: 'Vicente Pizarro', phone: '+56963391184' },
  { name: 'Martina Figueroa', phone: '+56919962457' },
  { name: 'Agustín Bravo', phone: '+56986604329' },
];
