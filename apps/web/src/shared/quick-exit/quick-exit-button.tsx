import { quickExitTexts } from '@seguridad/contracts/messages/silent-call';
import { leaveQuickly } from './quick-exit';
import styles from './quick-exit-button.module.css';

/**
 * «Salida rápida» (decision 060): in every header of the widget, so it is in view whatever the
 * person is doing. It acts on pointer down, not on click: the page is gone before the finger lifts.
 */
export function QuickExitButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={[styles.button, className].filter(Boolean).join(' ')}
      title={quickExitTexts.hint}
      onPointerDown={(event) => {
        if (event.button === 0) leaveQuickly();
      }}
      // The keyboard (Enter, Space) and assistive technologies arrive as a click.
      onClick={leaveQuickly}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h6v-2H5V5h5zm6.6 4.6L15.2 9l2 2H9v2h8.2l-2 2 1.4 1.4L21 12z"
        />
      </svg>
      {quickExitTexts.button}
    </button>
  );
}
