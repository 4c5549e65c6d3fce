import { pageTexts, promoTexts } from '@seguridad/contracts/messages';
import { useDrawProof } from './api/get-draw';
import { useWinners } from './api/get-winners';
import { DrawProof } from './draw-proof';
import styles from './results-page.module.css';

export function ResultsPage() {
  const winners = useWinners();
  const proof = useDrawProof();

  return (
    <article className={styles.page}>
      <h1>{pageTexts.resultsTitle}</h1>
      <p className={styles.lead}>{promoTexts.resultsLead}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{promoTexts.winnersCaption}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Nombre</th>
              <th scope="col">Teléfono</th>
            </tr>
          </thead>
          <tbody>
            {winners.isPending && (
              <tr>
                <td colSpan={3} className={styles.status} aria-busy="true">
                  {promoTexts.winnersLoading}
                </td>
              </tr>
            )}
            {winners.isError && (
              <tr>
                <td colSpan={3} className={styles.status} role="alert">
                  {promoTexts.winnersFailed}
                </td>
              </tr>
            )}
            {winners.data?.data.map((winner, index) => (
              <tr key={`${winner.name}-${index}`}>
                <td>{index + 1}</td>
                <td>{winner.name}</td>
                <td className={styles.phone}>{winner.phone}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>{pageTexts.resultsContactNote}</p>
      {proof.data && <DrawProof draw={proof.data.draw} />}
    </article>
  );
}
