/** Texts of the checkout and of the payment result. */

/** The payment result dialog (spec §2, §8) and the payment calls' own errors. */
export const paymentTexts = {
  successTitle: 'Pago realizado',
  successBody: 'El pago ha sido procesado correctamente',
  failureTitle: 'Error en el pago',
  failureLines: [
    'Hubo un error en el pago',
    'No se ha podido procesar el pago correctamente',
    'No se han realizado cargos a tu cuenta',
    'Por favor intenta nuevamente',
  ],
  pendingTitle: 'Pago en proceso',
  pendingBody: 'Estamos esperando la confirmación de tu pago. Esta ventana se actualizará sola.',
  paymentId: 'ID de Pago',
  amount: 'Monto',
  media: 'Forma Pago',
  date: 'Fecha Pago',
  accept: 'Aceptar',
  startFailed: 'Lo sentimos, no se pudo iniciar el pago',
  orderNotFound: 'No encontramos el pago indicado.',
  planNotFound: 'El plan seleccionado no existe.',
  tooManyOrders: 'Has iniciado demasiados pagos en poco tiempo. Por favor espera unos minutos.',
  unavailable: 'Los pagos no están disponibles en este momento. Por favor inténtalo más tarde.',
} as const;

/** The checkout page (spec §2 Checkout page, §4 Checkout, §5, §8) and the buyer's purchases. */
export const checkoutTexts = {
  registerSuccess: 'Usuario registrado correctamente',
  buy: 'Comprar',
  shippingTitle: 'Datos de envío',
  loginTitle: 'Inicia sesión para comprar',
  registerTitle: 'Crea tu cuenta',
  perYear: 'al año',
  phoneInvalid: 'Ingresa un teléfono válido, por ejemplo +56912345678.',
  zipInvalid: 'El código postal debe tener 7 números.',
  qtyInvalid: 'La cantidad debe ser 1.',
  monthsInvalid: 'La cantidad de meses debe ser un número entero entre 1 y 12.',
  regionNotFound: 'La región seleccionada no existe.',
  communeNotInRegion: 'La comuna seleccionada no pertenece a la región.',
  myPurchasesTitle: 'Mis compras',
  noPurchases: 'Todavía no tienes compras.',
  orderStates: {
    pending: 'Pendiente',
    paid: 'Pagado',
    rejected: 'Rechazado',
    cancelled: 'Anulado',
    failed: 'No iniciado',
  },
} as const;
