export type MessageChannel = 'sms' | 'whatsapp';

/** What a provider said of a message it took: queued or sent, and later delivered or failed. */
export type MessageDelivery = 'sent' | 'delivered' | 'failed';

/**
 * Sends one text message to a mobile by SMS or WhatsApp (decision 061): Twilio's Messaging API
 * when configured, else the outbox (the dev mailbox in demo mode and tests). `statusCallbackUrl`
 * is where the provider reports delivery, when it can.
 */
export interface MessageSender {
  readonly kind: 'outbox' | 'twilio';
  send(message: {
    to: string;
    channel: MessageChannel;
    body: string;
    statusCallbackUrl: string;
    /** When the link in it stops working: the outbox blanks it then. */
    expiresAt: Date;
  }): Promise<{ providerId: string }>;
}
