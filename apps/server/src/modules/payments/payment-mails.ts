import { formatClp } from '@seguridad/contracts/helpers/clp';
import { paymentTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import type { OrderRow } from './order-queries';

type Context = { brandName: string; publicBaseUrl: string; name: string };

/** The receipt of a paid order, sent once, by whoever moved the order to paid. */
export function purchaseReceiptMail(context: Context, order: OrderRow): MailMessage {
  return {
    to: order.email,
    subject: `${context.brandName}: comprobante de tu compra`,
    text: [
      `Hola ${context.name}:`,
      '',
      `${paymentTexts.successBody}. Este es tu comprobante:`,
      '',
      `Producto: ${order.subject}`,
      `${paymentTexts.paymentId}: ${order.flowOrder ?? '—'}`,
      `${paymentTexts.amount}: ${formatClp(order.amount)}`,
      `${paymentTexts.media}: ${order.paymentMedia ?? '—'}`,
      `${paymentTexts.date}: ${order.paymentDate ?? '—'}`,
      `Número de orden: ${order.commerceOrder}`,
      '',
      'Puedes ver tus compras y sus comprobantes en:',
      `${context.publicBaseUrl}${webPaths.myPurchases}`,
    ].join('\n'),
  };
}
