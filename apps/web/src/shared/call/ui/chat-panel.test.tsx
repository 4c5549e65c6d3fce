import { CALL_ATTACHMENT_MAX_BYTES } from '@seguridad/contracts/http/calls';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import type { ChatEntry } from '../call-session';
import { formatChatTime } from '../chat-time';
import { ChatPanel } from './chat-panel';

const createdAt = new Date(2025, 2, 1, 9, 5).toISOString();

function entry(overrides: Partial<ChatEntry> & Pick<ChatEntry, 'id'>): ChatEntry {
  return {
    roomName: 'room_ABCDEFGHIJKLMNOP',
    clientId: `client-${overrides.id}-xxxx`,
    user: 2,
    userName: 'Operadora Rosa',
    message: '',
    isFile: false,
    fileData: null,
    createdAt,
    mine: false,
    ...overrides,
  };
}

function renderPanel(entries: ChatEntry[] = [], overrides: Partial<Parameters<typeof ChatPanel>[0]> = {}) {
  const props = {
    entries,
    onSend: vi.fn(),
    onSendFile: vi.fn(async () => undefined),
    getAttachmentUrl: vi.fn(async (id: number) => `/files/${id}?exp=9999999999&sig=abc`),
    ...overrides,
  };
  const view = render(<ChatPanel {...props} />);
  return { ...view, props };
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('Adjuntar archivo'), { target: { files: [file] } });
}

afterEach(cleanup);

describe('the call chat', () => {
  it('is a region named Chat with a message box, a send button and an attach button', () => {
    renderPanel();
    expect(screen.getByRole('region', { name: 'Chat' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjuntar archivo' })).toBeTruthy();
  });

  it('sends the trimmed text on Enter and clears the box; Shift+Enter does not send', () => {
    const { props } = renderPanel();
    const box = screen.getByRole('textbox', { name: 'Mensaje' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  hola\nsegunda línea ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(props.onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith('hola\nsegunda línea');
    expect(box.value).toBe('');
  });

  it('does not send an empty or blank message', () => {
    const { props } = renderPanel();
    const box = screen.getByRole('textbox', { name: 'Mensaje' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '   \n ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.submit(box.closest('form')!);
    expect(props.onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends with the Enviar button', () => {
    const { props } = renderPanel();
    fireEvent.change(screen.getByRole('textbox', { name: 'Mensaje' }), { target: { value: 'gracias' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith('gracias');
  });

  it('shows markup as text, never as HTML, with the sender and the time', () => {
    const { container } = renderPanel([
      entry({ id: 1, message: '<b>hi</b><img src=x onerror=alert(1)>' }),
      entry({ id: 2, message: 'mío', user: 1, userName: 'Ana', mine: true }),
    ]);
    expect(screen.getByText('<b>hi</b><img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    const [theirs, mine] = screen.getAllByRole('listitem');
    expect(within(theirs!).getByText('Operadora Rosa')).toBeTruthy();
    expect(within(theirs!).getByText('09:05')).toBeTruthy();
    expect(formatChatTime(createdAt)).toBe('09:05');
    expect(within(mine!).getByText('Tú')).toBeTruthy();
  });

  it('shows an image inline from a freshly signed URL, named by its file name', async () => {
    const { props, rerender } = renderPanel([
      entry({
        id: 3,
        isFile: true,
        fileData: { id: 55, name: 'patente.jpg', mime: 'image/jpeg', size: 120_000 },
      }),
    ]);
    const image = (await screen.findByRole('img', { name: 'patente.jpg' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/files/55?exp=9999999999&sig=abc');
    expect(props.getAttachmentUrl).toHaveBeenCalledWith(55);
    // A parent re-rendering with a new function does not sign the URL again.
    const again = vi.fn(async () => '/files/other');
    rerender(<ChatPanel {...props} getAttachmentUrl={again} entries={[...props.entries]} />);
    await act(async () => undefined);
    expect(again).not.toHaveBeenCalled();
    expect(props.getAttachmentUrl).toHaveBeenCalledTimes(1);
  });

  it('shows other files as a button with the icon of their type', () => {
    const { props } = renderPanel([
      entry({
        id: 4,
        isFile: true,
        fileData: { id: 56, name: 'denuncia.pdf', mime: 'application/pdf', size: 2_400_000 },
      }),
      entry({
        id: 5,
        isFile: true,
        fileData: { id: 57, name: 'informe.docx', mime: 'application/octet-stream', size: 900 },
      }),
      entry({
        id: 6,
        isFile: true,
        fileData: { id: 58, name: 'datos.zip', mime: 'application/zip', size: 10 },
      }),
    ]);
    const pdf = screen.getByRole('button', { name: /denuncia\.pdf/ });
    expect(pdf.querySelector('svg[data-icon="pdf"]')).not.toBeNull();
    expect(within(pdf).getByText('2,3 MB')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /informe\.docx/ }).querySelector('svg[data-icon="word"]'),
    ).not.toBeNull();
    expect(
      screen.getByRole('button', { name: /datos\.zip/ }).querySelector('svg[data-icon="generic"]'),
    ).not.toBeNull();
    // The signed URL is asked for only when the file is opened.
    expect(props.getAttachmentUrl).not.toHaveBeenCalled();
  });

  it('shows the progress of an upload, and a failed upload', () => {
    renderPanel([
      entry({
        id: -1,
        mine: true,
        user: 1,
        pending: true,
        isFile: true,
        loadingProgress: 0.4,
        fileData: { id: 0, name: 'video.mp4', mime: 'video/mp4', size: 5_000_000 },
      }),
      entry({
        id: -2,
        mine: true,
        user: 1,
        failed: true,
        isFile: true,
        fileData: { id: 0, name: 'otro.pdf', mime: 'application/pdf', size: 5_000 },
      }),
    ]);
    const progress = screen.getByRole('progressbar', { name: 'Subiendo video.mp4' }) as HTMLProgressElement;
    expect(progress.value).toBe(0.4);
    expect(screen.getByText(callTexts.attachmentFailed)).toBeTruthy();
  });

  it('sends a chosen file, and refuses one over 25 MB', async () => {
    const { props } = renderPanel();
    const file = new File(['hola'], 'nota.txt', { type: 'text/plain' });
    chooseFile(file);
    await act(async () => undefined);
    expect(props.onSendFile).toHaveBeenCalledExactlyOnceWith(file);

    const huge = new File(['x'], 'enorme.mov', { type: 'video/quicktime' });
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 + 1 });
    chooseFile(huge);
    expect(props.onSendFile).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain(callTexts.attachmentTooLarge);
  });

  it('says so when sending a file fails', async () => {
    renderPanel([], { onSendFile: vi.fn(async () => Promise.reject(new Error('network'))) });
    chooseFile(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toContain(callTexts.attachmentFailed);
  });

  it('is a polite live list, so messages added to it are read out without a copy of their text', () => {
    renderPanel([entry({ id: 1, message: 'Hola' })]);
    const list = screen.getByRole('list', { name: 'Mensajes' });
    expect(list.getAttribute('aria-live')).toBe('polite');
    expect(list.getAttribute('aria-relevant')).toBe('additions');
    expect(screen.getAllByText('Hola')).toHaveLength(1);
  });

  it('states the size cap of attachments where the attach button is', () => {
    renderPanel([]);
    const attach = screen.getByRole('button', { name: 'Adjuntar archivo' });
    const hint = document.getElementById(attach.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(callTexts.attachmentHint);
    expect(callTexts.attachmentHint).toContain(`${CALL_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);
    expect(callTexts.attachmentTooLarge).toContain(`${CALL_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);
  });

  it('disables writing when the call is over', () => {
    renderPanel([], { disabled: true });
    expect((screen.getByRole('textbox', { name: 'Mensaje' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Adjuntar archivo' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('quick questions and real-time text (decision 060)', () => {
  afterEach(cleanup);

  it('offers Sí / No under an unanswered quick question, and says the answer once given', () => {
    const onAnswer = vi.fn();
    const question = entry({ id: 5, message: '¿Estás en peligro ahora?', quickQuestion: true });
    const view = renderPanel([question], { onAnswer });
    fireEvent.click(screen.getByRole('button', { name: 'Sí' }));
    expect(onAnswer).toHaveBeenCalledWith(5, 'Sí');

    view.rerender(
      <ChatPanel
        {...view.props}
        onAnswer={onAnswer}
        entries={[question, entry({ id: 6, user: 1, mine: true, message: 'Sí', answerTo: 5 })]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Sí' })).toBeNull();
    expect(screen.getByText('Respondió: Sí')).toBeTruthy();
  });

  it('shows no answer buttons on the side that asked', () => {
    renderPanel([entry({ id: 5, message: '¿Puedes hablar?', quickQuestion: true, mine: true })]);
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull();
    expect(screen.getByText('Pregunta de la operadora')).toBeTruthy();
  });

  it('tells the draft as it is typed, clears it on send, and stops when the person turns it off', () => {
    const onDraftChange = vi.fn();
    const { props } = renderPanel([], { onDraftChange });
    const input = screen.getByLabelText(callTexts.chatMessage);
    fireEvent.change(input, { target: { value: 'Ho' } });
    fireEvent.change(input, { target: { value: 'Hola' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(props.onSend).toHaveBeenCalledWith('Hola');
    expect(onDraftChange.mock.calls.map(([draft]) => draft)).toEqual(['Ho', 'Hola', '']);

    onDraftChange.mockClear();
    fireEvent.change(input, { target: { value: 'secreto' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /La operadora ve lo que escribo/ }));
    fireEvent.change(input, { target: { value: 'secreto 2' } });
    expect(onDraftChange.mock.calls.map(([draft]) => draft)).toEqual(['secreto', '']);
  });

  it("shows the operator the citizen's draft as text", () => {
    const view = renderPanel([], { peerTyping: '<b>me sigue</b>' });
    expect(screen.getByTestId('peer-typing').textContent).toBe('<b>me sigue</b>');
    view.rerender(<ChatPanel {...view.props} peerTyping="" />);
    expect(screen.getByTestId('peer-typing').textContent).toBe('El ciudadano no está escribiendo.');
  });
});
