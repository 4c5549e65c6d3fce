import { describe, expect, it } from 'vitest';
import { RETENTION_RULES } from '@seguridad/contracts/http/retention';
import { privacyDocument } from './privacy-content';

const site = { brandName: 'Seguridad', regionName: 'Región', contactEmail: 'datos@example.com' };

function retentionItems(): string[] {
  const section = privacyDocument(site).sections.find((candidate) => candidate.id === 'conservacion');
  const list = section?.blocks.find((block) => block.kind === 'list');
  return list && list.kind === 'list' ? list.items.map(String) : [];
}

describe('the privacy page’s retention section', () => {
  it('states the periods of the retention table the server enforces', () => {
    const items = retentionItems();
    expect(items).toContain(
      'Grabaciones de videollamadas y video mails: 6 meses desde su creación, salvo que se necesiten para una denuncia, una investigación o una acción judicial; en ese caso, hasta que esta termine.',
    );
    expect(items).toContain('Mensajes del chat y archivos adjuntos: 6 meses.');
    expect(items).toContain('Mensajes del formulario de contacto: 12 meses.');
    expect(items).toContain('Invitaciones a una red que no fueron aceptadas: 90 días.');
    expect(items).toContain('Compras y pagos: 6 años, como exige la legislación tributaria.');
    expect(items).toContain('Registros de seguridad: 12 meses.');
  });

  it('the recordings’ default is the video mails’ period, as the page says of both', () => {
    expect(RETENTION_RULES.call_recordings.defaultDays).toBe(RETENTION_RULES.video_mails.defaultDays);
  });
});
