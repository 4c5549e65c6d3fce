import { FLOW_STATUS } from '@seguridad/contracts/constants';
import type { OrderStatus } from '@seguridad/contracts/http/payments';
import { formatClp } from '@seguridad/contracts/helpers/clp';
import { paymentTexts } from '@seguridad/contracts/messages';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { useOrderStatus } from './api/get-order-status';
import styles from './payment-result-dialog.module.css';

type PaymentResultDialogProps = {
  /** The payment provider's token from the return URL. */
  orderToken: string;
  /** Aceptar: the page removes the token from its URL. */
  onClose: () => void;
};

function PaymentDetails({ status }: { status: OrderStatus }) {
  const rows = [
    [paymentTexts.paymentId, status.flowOrder === null ? '—' : String(status.flowOrder)],
    [paymentTexts.amount, formatClp(status.amount)],
    [paymentTexts.media, status.paymentData.media ?? '—'],
    [paymentTexts.date, status.paymentData.date ?? '—'],
  ] as const;
  return (
    <dl className={styles.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Spec §4 Payment return: the order's status decides the dialog. Status 2 is success, anything
 * else failure; a payment still pending says so and is asked about again until it settles.
 */
export function PaymentResultDialog({ orderToken, onClose }: PaymentResultDialogProps) {
  const { data, isPending, isError } = useOrderStatus(orderToken);
  const status = data?.orderStatus;
  const waiting = isPending || status?.status === FLOW_STATUS.pending;

  let title: string = paymentTexts.failureTitle;
  let body = (
    <ul className={styles.lines}>
      {paymentTexts.failureLines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
  if (!isError && waiting) {
    title = paymentTexts.pendingTitle;
    body = (
      <p className={styles.pending} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {paymentTexts.pendingBody}
      </p>
    );
  } else if (status?.status === FLOW_STATUS.paid) {
    title = paymentTexts.successTitle;
    body = (
      <>
        <p className={styles.success}>{paymentTexts.successBody}</p>
        <PaymentDetails status={status} />
      </>
    );
  }

  return (
    <Dialog open title={title} dismissible={false}>
      <div className={styles.body}>{body}</div>
      <Button fullWidth onClick={onClose}>
        {paymentTexts.accept}
      </Button>
    </Dialog>
  );
}
