import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { LegalDocumentView } from './legal-document';
import { plainRichText } from '../../shared/ui/rich-text-value';
import { type LegalDocument } from './legal-types';
import { privacyDocument } from './privacy-content';
import { termsDocument } from './terms-content';

const site = {
  brandName: 'Marca de Prueba',
  regionName: 'la Región de Prueba',
  contactEmail: 'hola@example.org',
};

function fullText(document: LegalDocument): string {
  const blocks = [
    ...document.summary,
    ...document.sections.flatMap((section) => [
      ...section.blocks,
      ...(section.subsections ?? []).flatMap((subsection) => subsection.blocks),
    ]),
  ];
  return blocks
    .flatMap((block) => {
      switch (block.kind) {
        case 'paragraph':
        case 'notice':
          return [block.text];
        case 'list':
          return [...block.items];
        case 'facts':
          return block.items.flatMap((item) => [item.term, item.text]);
      }
    })
    .map(plainRichText)
    .join('\n');
}

afterEach(cleanup);

describe('terms', () => {
  const text = fullText(termsDocument(site));

  it('states the rules of spec §1', () => {
    expect(text).toMatch(/18 años/);
    expect(text).toMatch(/hasta 5 personas/);
    expect(text).toMatch(/arbitraje en la ciudad de Santiago, ante un solo árbitro/);
    expect(text).toMatch(/advertirte, suspender temporalmente tu cuenta o cancelarla/);
    expect(text).toMatch(/no tiene costo/);
  });

  it('sends people to the emergency numbers', () => {
    for (const number of ['133', '131', '132']) expect(text).toContain(number);
  });
});

describe('privacy policy', () => {
  const text = fullText(privacyDocument(site));

  it('names the law, its reform and the agency', () => {
    expect(text).toContain('Ley N° 19.628');
    expect(text).toContain('Ley N° 21.719');
    expect(text).toContain('1 de diciembre de 2026');
    expect(text).toContain('Agencia de Protección de Datos Personales');
  });

  it('lists every right and the answer deadline', () => {
    for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Portabilidad', 'Bloqueo']) {
      expect(text).toContain(`${right}:`);
    }
    expect(text).toContain('30 días corridos');
  });
});

describe('LegalDocumentView', () => {
  it('renders one h1 and a contents list that links to every section', () => {
    const terms = termsDocument(site);
    render(
      <MemoryRouter initialEntries={[webPaths.terms]}>
        <LegalDocumentView document={terms} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const contents = screen.getByRole('navigation', { name: 'Contenido' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      terms.sections.map((section) => `#${section.id}`),
    );
    for (const section of terms.sections) expect(document.getElementById(section.id)).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Política de privacidad' })[0]).toHaveProperty(
      'pathname',
      webPaths.privacy,
    );
  });

  it('keeps links between the legal texts inside the app versions', () => {
    render(
      <MemoryRouter initialEntries={[webPaths.termsApp]}>
        <LegalDocumentView document={termsDocument(site)} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link', { name: 'Política de privacidad' })[0]).toHaveProperty(
      'pathname',
      webPaths.privacyApp,
    );
  });
});
