import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { errorStatus } from '../../shared/api/api-client';
import { useSessionToken } from '../../shared/auth/use-session-token';
import { Alert } from '../../shared/ui/alert';
import { currentUserQueryKey } from './api/get-current-user';
import { usePlan } from './api/get-plan';
import styles from './checkout.module.css';
import { PlanSummaryCard } from './components/plan-summary-card';
import { ShippingForm } from './components/shipping-form';
import { clearStoredCheckoutUser } from './stored-user-data';

/**
 * The sign-in part (login, two-step, register), composed by the app from the account feature.
 * It only has to store the session token: the page then switches to the shipping form.
 */
type CheckoutPageProps = { SignIn: ComponentType };

/** `?plan=<id>`: a positive whole number, or nothing. */
function planIdFrom(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Spec §2 Checkout page: the plan from `?plan=` (unknown: back Home) and its summary card; the
 * login form by default, and once signed in the shipping form that starts the payment.
 */
export function CheckoutPage({ SignIn }: CheckoutPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const planId = planIdFrom(searchParams.get('plan'));
  const plan = usePlan(planId);
  const sessionToken = useSessionToken();
  const unknownPlan = planId === null || [400, 404].includes(errorStatus(plan.error) ?? 0);

  useEffect(() => {
    if (unknownPlan) void navigate(webPaths.home, { replace: true });
  }, [unknownPlan, navigate]);

  // Spec §4: leaving the page clears the stored user data.
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      clearStoredCheckoutUser();
    },
    [queryClient],
  );

  if (unknownPlan) return null;
  return (
    <div className={styles.page}>
      <div className={styles.layout}>
        <div className={styles.main}>
          <h1 className={styles.title}>Finaliza tu compra</h1>
          {plan.isError && <Alert tone="warning">{errorMessages.generic}</Alert>}
          {plan.data && (sessionToken ? <ShippingForm planId={plan.data.plan.id} /> : <SignIn />)}
          {plan.isPending && (
            <p className={styles.muted} role="status" aria-busy="true">
              Cargando…
            </p>
          )}
        </div>
        {plan.data && <PlanSummaryCard plan={plan.data.plan} />}
      </div>
    </div>
  );
}
