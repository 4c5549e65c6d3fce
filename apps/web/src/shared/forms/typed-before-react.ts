import {
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';

/*
 * A prerendered form is on screen before React is: a person, a password manager or a test can type
 * into it while the app still loads. What was typed must reach the form's state, or its submit button
 * stays disabled over fields that look filled (decision 019). React takes over in one of two ways:
 * - it hydrates the page and keeps the very elements, with what was typed in them: a field takes the
 *   value its element holds when it registers;
 * - it renders the page afresh (a prerendered page opened with a query) and replaces the elements:
 *   `handOverTypedFields` notes the prerendered ones first, and each new field takes what its
 *   predecessor of the same name held when React removed it, and the focus if the person was in it.
 * Either way a field takes a value once, when it first registers, and only what the HTML did not hold.
 */

type TypedControl = HTMLInputElement | HTMLTextAreaElement;
/** What a field takes over: a value typed before React (if any), and whether it has the focus. */
type Typed = { value: string | boolean | undefined; focus: 'kept' | 'restore' | 'none' };

/** The prerendered controls a fresh render replaces, by name; the address and root they were in. */
const handedOver = new Map<string, TypedControl>();
let handedOverPath: string | null = null;
let handedOverFrom: HTMLElement | null = null;
/** The handed-over control the person was last in: React's commit removes it without a trace. */
let lastFocused: TypedControl | null = null;
/** Elements a field has registered before: what they hold from then on is the form's own doing. */
const seen = new WeakSet<Element>();

function isTypedControl(element: unknown): element is TypedControl {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/** What the person put into a control that its HTML did not hold, or undefined when nothing. */
function editedValueOf(control: TypedControl): string | boolean | undefined {
  if (control instanceof HTMLInputElement) {
    if (control.type === 'checkbox') {
      return control.checked === control.defaultChecked ? undefined : control.checked;
    }
    // A radio group has no single element to carry, a file cannot be set from script.
    if (control.type === 'radio' || control.type === 'file') return undefined;
  }
  return control.value === control.defaultValue ? undefined : control.value;
}

function trackFocus(event: FocusEvent) {
  const target = event.target;
  lastFocused = isTypedControl(target) && handedOver.get(target.name) === target ? target : null;
}

/**
 * Called right before React renders afresh over prerendered HTML: the form fields of that render
 * take what was typed into the prerendered ones, read when React replaces them.
 */
export function handOverTypedFields(container: HTMLElement): void {
  handedOver.clear();
  handedOverPath = window.location.pathname;
  for (const control of container.querySelectorAll<TypedControl>('input[name], textarea[name]')) {
    handedOver.set(control.name, control);
  }
  const active = document.activeElement;
  lastFocused = isTypedControl(active) && handedOver.get(active.name) === active ? active : null;
  if (handedOver.size > 0) {
    handedOverFrom = container;
    container.addEventListener('focusin', trackFocus);
  }
}

/** Once React has replaced the prerendered controls, where the person was is settled. */
function stopTrackingFocus() {
  handedOverFrom?.removeEventListener('focusin', trackFocus);
  handedOverFrom = null;
}

/** What a field's element should take on registering for the first time, if anything. */
function takeTyped(element: TypedControl): Typed | undefined {
  if (seen.has(element)) return undefined;
  seen.add(element);
  const predecessor = handedOver.get(element.name);
  if (predecessor && predecessor !== element && window.location.pathname === handedOverPath) {
    handedOver.delete(element.name);
    stopTrackingFocus();
    // The focus moves even into an empty field: the person may be about to type into it.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    return {
      value: editedValueOf(predecessor),
      focus: predecessor === lastFocused && focusLost ? 'restore' : 'none',
    };
  }
  const value = editedValueOf(element);
  if (value === undefined) return undefined;
  return { value, focus: document.activeElement === element ? 'kept' : 'none' };
}

/** Per form, the fields taken in this commit whose messages should show once all are in. */
const pendingChecks = new WeakMap<object, Set<string>>();

/**
 * Validates once every field of the commit has taken its value (refs attach one by one, all before
 * the next microtask): a check run from the first field would see the others still empty and leave
 * the form invalid. Messages show only for `name`s; the form's validity counts every field.
 */
function validateAfterCommit(
  control: object,
  trigger: (names: string[]) => Promise<boolean>,
  name: string,
  showMessages: boolean,
) {
  let names = pendingChecks.get(control);
  if (!names) {
    const pending = new Set<string>();
    names = pending;
    pendingChecks.set(control, pending);
    queueMicrotask(() => {
      pendingChecks.delete(control);
      void trigger([...pending]);
    });
  }
  if (showMessages) names.add(name);
}

/**
 * The form's `register`, whose fields take what was typed before React was there. A field the
 * person has left is validated and counts as touched, as if they had typed it with React there; the
 * one they are still in shows its messages only if the form checks as the person types (mode
 * `onChange` or `all`), as it would have had React been there for the typing. Either way the form's
 * validity, and so its submit button, follows every value.
 */
export function registerKeepingTyped<T extends FieldValues>(
  // The resolver's output type differs from the form's values; only the values matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: Pick<UseFormReturn<T, any, any>, 'register' | 'setValue' | 'trigger' | 'control'>,
): UseFormRegister<T> {
  const trigger = (names: string[]) => form.trigger(names as FieldPath<T>[]);
  const { mode } = form.control._options;
  const checksWhileTyping = mode === 'onChange' || mode === 'all';
  return (name, options) => {
    const registration = form.register(name, options);
    return {
      ...registration,
      ref: (element: unknown) => {
        // Read before registering: react-hook-form writes the field's default value into its element
        // (it keeps an edited one only while the form has not yet mounted).
        const typed = isTypedControl(element) ? takeTyped(element) : undefined;
        registration.ref(element);
        if (typed?.focus === 'restore') (element as TypedControl).focus();
        if (typed?.value === undefined) return;
        const stillTyping = typed.focus !== 'none';
        form.setValue(name, typed.value as PathValue<T, typeof name>, {
          shouldDirty: true,
          shouldTouch: !stillTyping,
        });
        validateAfterCommit(form.control, trigger, name, !stillTyping || checksWhileTyping);
      },
    };
  };
}
