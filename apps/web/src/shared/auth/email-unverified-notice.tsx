import { useMutation } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { accountTexts } from '@seguridad/contracts/messages';
import { apiRequest, errorText } from '../api/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** Mails the signed-in account a new verification link (decision 039); limited per account. */
export function resendEmailVerification(): Promise<OkResponse> {
  return apiRequest(authApi.resendEmailVerification.request(), { auth: true });
}

/**
 * Where a proven e-mail is asked for (the networks section, the invitation page, the promo page,
 * settings): what is missing, and "Reenviar enlace" with the server's answer under it.
 */
export function EmailUnverifiedNotice({ text = accountTexts.emailUnverified }: { text?: string }) {
  const resend = useMutation({ mutationFn: resendEmailVerification });
  return (
    <Alert tone="warning" title={accountTexts.emailUnverifiedShort}>
      <p>{text}</p>
      <Button
        variant="secondary"
        busy={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {accountTexts.resendVerificationLink}
      </Button>
      {resend.isSuccess && <p role="status">{resend.data.message}</p>}
      {resend.isError && <p role="alert">{errorText(resend.error)}</p>}
    </Alert>
  );
}
