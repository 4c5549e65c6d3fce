import { z } from 'zod';

/**
 * Twilio's part of the environment: Verify sends the two-step codes, Messaging the call links
 * operators text to citizens (decision 061). Both use the account's SID and auth token.
 */
export const twilioEnv = {
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_VERIFY_SERVICE_SID: z.string().min(1).optional(),
  TWILIO_VERIFY_BASE_URL: z.url().default('https://verify.twilio.com'),
  /**
   * Twilio's Messaging API: a Messaging Service, or a sender number; WhatsApp needs its own
   * approved sender (`whatsapp:` is added here).
   */
  TWILIO_MESSAGING_SERVICE_SID: z.string().min(1).optional(),
  TWILIO_SMS_FROM: z.string().min(1).optional(),
  TWILIO_WHATSAPP_FROM: z.string().min(1).optional(),
  TWILIO_API_BASE_URL: z.url().default('https://api.twilio.com'),
};

type TwilioVars = z.infer<z.ZodObject<typeof twilioEnv>>;

export type TwilioVerifyConfig = {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  baseUrl: string;
};

export type TwilioMessagingConfig = {
  accountSid: string;
  authToken: string;
  messagingServiceSid: string | undefined;
  smsFrom: string | undefined;
  whatsappFrom: string | undefined;
  baseUrl: string;
};

/** Verify and Messaging as configured (undefined: not set), or why the variables do not fit together. */
export function twilioConfigs(vars: TwilioVars): {
  verify: TwilioVerifyConfig | undefined;
  messaging: TwilioMessagingConfig | undefined;
  problem?: string;
} {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = vars;
  const verifyVars = [accountSid, authToken, vars.TWILIO_VERIFY_SERVICE_SID];
  if (verifyVars.some(Boolean) && !verifyVars.every(Boolean)) {
    return {
      verify: undefined,
      messaging: undefined,
      problem:
        'TWILIO_*: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID together, or none',
    };
  }
  return {
    verify:
      accountSid && authToken && vars.TWILIO_VERIFY_SERVICE_SID
        ? {
            accountSid,
            authToken,
            serviceSid: vars.TWILIO_VERIFY_SERVICE_SID,
            baseUrl: vars.TWILIO_VERIFY_BASE_URL,
          }
        : undefined,
    messaging:
      accountSid && authToken && (vars.TWILIO_MESSAGING_SERVICE_SID || vars.TWILIO_SMS_FROM)
        ? {
            accountSid,
            authToken,
            messagingServiceSid: vars.TWILIO_MESSAGING_SERVICE_SID,
            smsFrom: vars.TWILIO_SMS_FROM,
            whatsappFrom: vars.TWILIO_WHATSAPP_FROM,
            baseUrl: vars.TWILIO_API_BASE_URL,
          }
        : undefined,
  };
}
