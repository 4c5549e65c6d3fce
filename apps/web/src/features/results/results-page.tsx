import { pageTexts } from '@seguridad/contracts/messages';
import { useWinners } from './api/get-winners';
import styles from './results-page.module.css';

export function ResultsPage() {
  const winners = useWinners();

  return (
    <article className={styles.page}>
      <h1>{pageTexts.resultsTitle}</h1>
      <p className={styles.lead}>
        Estos son los primeros 20 ganadores del sorteo de 50 cámaras IP entre quienes se registraron,
        descargaron e instalaron la app.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Ganadores del sorteo de cámaras</caption>
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
                  Cargando ganadores…
                </td>
              </tr>
            )}
            {winners.isError && (
              <tr>
                <td colSpan={3} className={styles.status} role="alert">
                  No pudimos cargar la lista de ganadores. Por favor inténtalo nuevamente en unos minutos.
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
    </article>
  );
}
