import { formatClp } from '@seguridad/contracts/helpers/clp';
import type { OrderSummary } from '@seguridad/contracts/http/payments';
import { checkoutTexts, errorMessages, paymentTexts } from '@seguridad/contracts/messages';
import { useRequireSession } from '../../shared/auth/require-session';
import { Alert } from '../../shared/ui/alert';
import { useOrders } from './api/get-orders';
import styles from './my-purchases-page.module.css';

const dateFormat = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Santiago',
});

function OrderCard({ order }: { order: OrderSummary }) {
  const paid = order.state === 'paid';
  return (
    <li className={styles.card}>
      <div className={styles.cardHeader}>
        <h2 className={styles.subject}>{order.subject}</h2>
        <span className={`${styles.state} ${styles[order.state]}`}>
          {checkoutTexts.orderStates[order.state]}
        </span>
      </div>
      <dl className={styles.details}>
        <div>
          <dt>{paymentTexts.amount}</dt>
          <dd>{formatClp(order.amount)}</dd>
        </div>
        <div>
          <dt>Orden</dt>
          <dd>{order.commerceOrder}</dd>
        </div>
        <div>
          <dt>Creada</dt>
          <dd>{dateFormat.format(new Date(order.createdAt))}</dd>
        </div>
        {paid && (
          <>
            <div>
              <dt>{paymentTexts.paymentId}</dt>
              <dd>{order.flowOrder ?? '—'}</dd>
            </div>
            <div>
              <dt>{paymentTexts.media}</dt>
              <dd>{order.paymentMedia ?? '—'}</dd>
            </div>
            <div>
              <dt>{paymentTexts.date}</dt>
              <dd>{order.paymentDate ?? '—'}</dd>
            </div>
          </>
        )}
      </dl>
      {paid && order.receiptSentAt && (
        <p className={styles.receipt}>Enviamos el comprobante de este pago a tu correo.</p>
      )}
    </li>
  );
}

/** The signed-in buyer's orders and, for paid ones, the receipt's details. */
export function MyPurchasesPage() {
  const hasSession = useRequireSession();
  const orders = useOrders(hasSession);
  return (
    <section className={styles.page} aria-labelledby="mis-compras-title">
      <h1 id="mis-compras-title" className={styles.title}>
        {checkoutTexts.myPurchasesTitle}
      </h1>
      {orders.isError && <Alert tone="warning">{errorMessages.generic}</Alert>}
      {orders.isPending && hasSession && (
        <p role="status" aria-busy="true" className={styles.muted}>
          Cargando tus compras…
        </p>
      )}
      {orders.data && orders.data.orders.length === 0 && (
        <p className={styles.muted}>{checkoutTexts.noPurchases}</p>
      )}
      {orders.data && orders.data.orders.length > 0 && (
        <ul className={styles.list}>
          {orders.data.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
