import { useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';

type DialogComponent = ComponentType<{ orderToken: string; onClose: () => void }>;

/** The query parameter Flow's return carries (spec §2: `token` on `/` triggers the lookup). */
const TOKEN_PARAM = 'token';

/**
 * The payment result dialog on the home page, composed here because the landing page does not
 * know about payments. Its code (and the API client it uses) loads only when `?token=` is there,
 * so the prerendered landing page stays as light as it was for everyone else.
 */
export function PaymentResultSlot() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = pathname === webPaths.home ? searchParams.get(TOKEN_PARAM) : null;
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);

  useEffect(() => {
    if (!token || Dialog) return;
    let cancelled = false;
    void import('../../features/payments/payment-result-dialog').then((module) => {
      if (!cancelled) setDialog(() => module.PaymentResultDialog);
    });
    return () => {
      cancelled = true;
    };
  }, [token, Dialog]);

  if (!token || !Dialog) return null;
  const close = () => {
    const rest = new URLSearchParams(searchParams);
    rest.delete(TOKEN_PARAM);
    const search = rest.toString();
    void navigate(`${webPaths.home}${search ? `?${search}` : ''}`, { replace: true });
  };
  return <Dialog key={token} orderToken={token} onClose={close} />;
}
