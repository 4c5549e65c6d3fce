import { writePdf } from './pdf-document';

export function writeFaqPdf(file: string): Promise<void> {
  return writePdf(file, { title: 'Preguntas frecuentes', author: 'Comunidad Segura' }, [
    { kind: 'title', text: 'Preguntas frecuentes' },
  ]);
}
