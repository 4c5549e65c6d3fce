/**
 * A prerendered page that only reads (the landing page, the FAQ, the legal texts) or whose form
 * can be filled in before React (login, sign-up) is shown without React: this small module makes
 * its few interactive parts work at once, and hands over to React on the visitor's first sign of
 * intent (a touch, a key, a pointer on a button or a field, a field in focus). What
 * the visitor did meanwhile is carried over: the folded menu stays as it was, and a press of
 * "Contáctanos" opens the drawer once React is there.
 */
import headerStyles from './layout/site-header.module.css';

export const menuLabels = { open: 'Abrir menú', close: 'Cerrar menú' } as const;

/** Read by the header's first render in the browser, so hydration matches what is on screen. */
export const prehydrated = { menuOpen: false };

/** How React takes over: `beforeHydrate` right before `hydrateRoot`, `afterCommit` once it rendered. */
export type Takeover = { beforeHydrate(): void; afterCommit(): void };

function folderMenu(root: ParentNode) {
  const toggle = root.querySelector<HTMLButtonElement>('button[data-menu-toggle]');
  const nav = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  const label = toggle?.querySelector('[data-menu-label]');
  const isOpen = () => toggle?.getAttribute('aria-expanded') === 'true';
  const show = (open: boolean) => {
    if (!toggle || !nav) return;
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle(headerStyles.navOpen!, open);
    if (label) label.textContent = open ? menuLabels.close : menuLabels.open;
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (toggle && target && toggle.contains(target)) show(!isOpen());
    else if (nav && target?.closest('a') && nav.contains(target)) show(false);
  };
  return { onClick, isOpen };
}

const formFields = 'input, textarea, select';

/**
 * Whether the visitor is already at a form: in one of its fields, or having filled one in before
 * this script ran (a slow network, a password manager).
 */
function formInUse(root: HTMLElement): boolean {
  if (document.activeElement?.matches(formFields) && root.contains(document.activeElement)) return true;
  const edited = (field: HTMLInputElement | HTMLTextAreaElement) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(edited);
}

/**
 * Makes a prerendered page usable before React and calls `takeOver` on the first intent; its
 * promise rejects when the app could not load, and the next intent tries again.
 */
export function enhanceUntilIntent(root: HTMLElement, takeOver: (hooks: Takeover) => Promise<void>): void {
  const menu = folderMenu(root);
  let pressedLauncher: HTMLButtonElement | null = null;
  let starting = false;

  const onClick = (event: MouseEvent) => {
    menu.onClick(event);
    const launcher = (event.target as Element | null)?.closest<HTMLButtonElement>(
      'button[data-contact-launcher]',
    );
    if (launcher) {
      pressedLauncher = launcher;
      launcher.setAttribute('aria-busy', 'true');
    }
    start();
  };
  const onIntent = (event: Event) => {
    // Hovering or focusing a link is no reason to load the app; a button or a form field is.
    if (event.type === 'pointerover' || event.type === 'focusin') {
      if (!(event.target as Element | null)?.closest?.(`button, ${formFields}`)) return;
    }
    start();
  };
  // `input`: a field filled without a key (a password manager, a paste from the menu). What is
  // typed before React is there is carried over by the form (shared/forms/typed-before-react.ts).
  const intents = ['pointerdown', 'touchstart', 'keydown', 'pointerover', 'focusin', 'input'] as const;
  const listen = () => {
    document.addEventListener('click', onClick);
    intents.forEach((name) => document.addEventListener(name, onIntent, { passive: true }));
  };
  const stopListening = () => {
    document.removeEventListener('click', onClick);
    intents.forEach((name) => document.removeEventListener(name, onIntent));
  };

  function start() {
    if (starting) return;
    starting = true;
    takeOver({
      beforeHydrate() {
        // From here React handles every event; it starts from what is on screen.
        stopListening();
        prehydrated.menuOpen = menu.isOpen();
      },
      afterCommit() {
        prehydrated.menuOpen = false;
        const launcher = pressedLauncher;
        pressedLauncher = null;
        launcher?.removeAttribute('aria-busy');
        launcher?.click();
      },
    }).catch(() => {
      // Offline or a new deployment: the page keeps working as it is, and the next intent retries.
      starting = false;
      listen();
    });
  }

  listen();
  if (formInUse(root)) start();
}
