import { useState } from 'react';
import { formatPhone } from '@seguridad/contracts/helpers/phone';
import { promoTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { useOperatorDraw } from '../api/get-draw';
import { usePublishDraw } from '../api/publish-draw';
import { useRunDraw } from '../api/run-draw';
import styles from './draw-panel.module.css';

const dateTime = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeStyle: 'short' });

/** A `datetime-local` value for now, in the browser's time zone, to the minute. */
function nowForInput(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

/** The admins' "Sorteo" tab: publish the commitment, then run the draw at the scheduled time. */
export function DrawPanel() {
  const draw = useOperatorDraw(true);
  const publish = usePublishDraw();
  const run = useRunDraw();
  const [scheduledAt, setScheduledAt] = useState(nowForInput);

  if (draw.isPending) return <p role="status">Cargando el sorteo…</p>;
  if (draw.isError) return <Alert tone="error">{errorText(draw.error)}</Alert>;
  const view = draw.data;
  const failure = publish.error ?? run.error;

  return (
    <section className={styles.section} aria-labelledby="draw-title">
      <h2 id="draw-title">{promoTexts.consoleTitle}</h2>
      <p>{promoTexts.consoleEntries(view.entries, view.eligible)}</p>
      {failure && <Alert tone="error">{errorText(failure)}</Alert>}
      {view.draw === null ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            publish.mutate({ scheduled_at: new Date(scheduledAt).toISOString() });
          }}
        >
          <TextField
            label={promoTexts.consoleScheduleLabel}
            type="datetime-local"
            value={scheduledAt}
            required
            onChange={(event) => setScheduledAt(event.target.value)}
            hint={promoTexts.consolePublishHint}
          />
          <Button type="submit" busy={publish.isPending} disabled={scheduledAt === ''}>
            {promoTexts.consolePublish}
          </Button>
        </form>
      ) : (
        <>
          <dl className={styles.proof} data-testid="console-draw-proof">
            <dt>{view.draw.state === 'drawn' ? promoTexts.consoleDrawn : promoTexts.consolePublished}</dt>
            <dd>{promoTexts.scheduledFor(dateTime.format(new Date(view.draw.scheduled_at)))}</dd>
            <dt>{promoTexts.commitment}</dt>
            <dd>
              <code>{view.draw.commitment}</code>
            </dd>
            <dt>{promoTexts.listHash}</dt>
            <dd>
              <code>{view.draw.list_hash}</code>
            </dd>
            <dt>{promoTexts.seed}</dt>
            <dd>{view.draw.seed ? <code>{view.draw.seed}</code> : promoTexts.seedHidden}</dd>
          </dl>
          {view.draw.state === 'published' && (
            <div>
              <p>{promoTexts.consoleRunHint}</p>
              <Button type="button" busy={run.isPending} onClick={() => run.mutate()}>
                {promoTexts.consoleRun}
              </Button>
            </div>
          )}
          <p>
            <a href={webPaths.results}>{promoTexts.resultsLink}</a>
          </p>
        </>
      )}
      {view.drawn.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{promoTexts.consoleWinnersTitle}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Nombre</th>
                <th scope="col">Correo</th>
                <th scope="col">Teléfono</th>
                <th scope="col">Premio</th>
              </tr>
            </thead>
            <tbody>
              {view.drawn.map((entry) => (
                <tr key={entry.entry_id}>
                  <td>{entry.position}</td>
                  <td>
                    {entry.name} {entry.lastname}
                  </td>
                  <td>{entry.email}</td>
                  <td>{formatPhone(entry.phone)}</td>
                  <td>{entry.alternate ? promoTexts.consoleAlternate : promoTexts.consoleWinner}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
