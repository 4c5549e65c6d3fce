/*
 * What the drawer that hosts a call panel lets it do. The drawer belongs to the widget feature and
 * the panels to the call feature; the app layer composes them, so both sides read these shapes.
 */

/** What the drawer gives the video call panel. */
export type VideoCallPanelHost = {
  /** The panel is on screen (the drawer is open on it): only then is the camera on. */
  active: boolean;
  /**
   * The call could not start or its media never connected: the video mail opens, derived, with
   * this one sentence above it and, when given, what the person typed as the start of its message.
   */
  fallBackToVideoMail: (reason: string, typed?: string) => void;
  /** Opens the contact form (a browser that cannot call, decision 037). */
  openContactForm: () => void;
  /** Back to the drawer's entries, and the drawer closes. */
  finish: () => void;
  /** Back to the drawer's entries; the drawer stays open. */
  backToList: () => void;
  /** The call view takes the whole viewport while a call is held, and the drawer cannot be closed from outside. */
  setFullScreen: (fullScreen: boolean) => void;
  /** Callbacks are on: a waiting caller may leave a number instead (decision 018). */
  requestCallback?: () => void;
};

/** What the drawer gives the phone-call panel (decision 018). */
export type PhoneCallPanelHost = {
  /** The panel is on screen. */
  active: boolean;
  /** A live call can be tried now (the call centre's call service is on and open). */
  liveCallOffered: boolean;
  /** Callback requests are taken now (`serviceStatus.callBack`). */
  callBackOffered: boolean;
  /** Opens the callback form, with why the call could not be made (null: the person chose it). */
  requestCallback: (reason: string | null) => void;
  /** Back to the drawer's entries, and the drawer closes. */
  finish: () => void;
};

/** What the drawer gives the silent-call panel (decision 060). */
export type SilentCallPanelHost = {
  /** The panel is on screen. */
  active: boolean;
  /** Opens the contact form (no operator can take the call now). */
  openContactForm: () => void;
  /** Back to the drawer's entries, and the drawer closes. */
  finish: () => void;
};
