import { writePdf } from './pdf-document';

export function writePresentationPdf(file: string): Promise<void> {
  return writePdf(file, { title: 'Presentación de la app', author: 'Comunidad Segura' }, [
    { kind: 'title', text: 'Presentación de la app' },
  ]);
}
