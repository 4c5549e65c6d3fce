import { formatClp } from '@seguridad/contracts/helpers/clp';
import type { CheckoutPlan } from '@seguridad/contracts/http/payments';
import { checkoutTexts } from '@seguridad/contracts/messages';
import styles from '../checkout.module.css';

/** The plan being bought: name, yearly price and what it includes (spec §3 Checkout plan). */
export function PlanSummaryCard({ plan }: { plan: CheckoutPlan }) {
  return (
    <aside className={styles.planCard} aria-labelledby="plan-summary-title">
      <p className={styles.planEyebrow}>Tu plan</p>
      <h2 id="plan-summary-title" className={styles.planName}>
        {plan.name}
      </h2>
      <p className={styles.planPrice}>
        <span className={styles.planAmount}>{formatClp(plan.price)}</span>{' '}
        <span className={styles.planPeriod}>{checkoutTexts.perYear}</span>
      </p>
      <ul className={styles.planFeatures}>
        {plan.description.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </aside>
  );
}
