import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleTabPanel, ConsoleTabs } from './console-tabs';

type View = 'llamadas' | 'mensajes';

function Console() {
  const [view, setView] = useState<View>('llamadas');
  return (
    <ConsoleTabs
      tabs={[
        { id: 'llamadas', label: 'Llamadas', pending: 1 },
        { id: 'mensajes', label: 'Mensajes de contacto', pending: 0 },
      ]}
      selected={view}
      onSelect={setView}
      label="Secciones de la consola"
    >
      <ConsoleTabPanel value="llamadas" alwaysMounted selected={view === 'llamadas'}>
        <p>Panel de llamadas</p>
      </ConsoleTabPanel>
      <ConsoleTabPanel value="mensajes">
        <p>Panel de mensajes</p>
      </ConsoleTabPanel>
    </ConsoleTabs>
  );
}

afterEach(cleanup);

describe('ConsoleTabs', () => {
  it('names each tab with its pending count and keeps the calls panel mounted while hidden', () => {
    render(<Console />);
    expect(screen.getByRole('tablist', { name: 'Secciones de la consola' })).toBeDefined();
    const calls = screen.getByRole('tab', { name: /^Llamadas\s*1\s*pendiente$/ });
    expect(calls.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: /^Llamadas\s*1\s*pendiente$/ }).textContent).toBe(
      'Panel de llamadas',
    );

    fireEvent.mouseDown(screen.getByRole('tab', { name: /^Mensajes de contacto\s*0\s*pendientes$/ }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel de mensajes');
    expect(
      screen
        .getByText('Panel de llamadas', { selector: 'p' })
        .closest('[role="tabpanel"]')
        ?.hasAttribute('hidden'),
    ).toBe(true);
  });
});
