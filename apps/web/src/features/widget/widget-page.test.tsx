import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDGET_QUERY } from '@seguridad/contracts/embed-bridge';
import { useCompanyKey } from '../../shared/api/company-key';
import { WidgetPage } from './widget-page';

function KeyProbe() {
  return <p>clave: {useCompanyKey()}</p>;
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('the embedded widget page', () => {
  it("gives what the app shows beside the drawer (the rating prompt) the host site's company key", () => {
    const key = 'pk_municipio_curico_0000000000';
    window.history.replaceState(null, '', `/widget?${WIDGET_QUERY.companyKey}=${key}`);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WidgetPage>
          <KeyProbe />
        </WidgetPage>
      </QueryClientProvider>,
    );
    expect(screen.getByText(`clave: ${key}`)).toBeTruthy();
  });
});
