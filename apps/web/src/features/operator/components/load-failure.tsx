import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';

/** A console panel whose data did not load: why, and a button to try again. */
export function LoadFailure({
  title,
  retry,
  query,
}: {
  title: string;
  retry: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <>
      <Alert tone="error" title={title}>
        {errorText(query.error, operatorTexts.connectionProblem)}
      </Alert>
      <Button onClick={() => void query.refetch()} busy={query.isFetching}>
        {retry}
      </Button>
    </>
  );
}
