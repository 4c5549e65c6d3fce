/** Query keys of the settings page, in one place so a mutation can refresh what it changed. */
export const settingsQueryKeys = {
  all: ['settings'] as const,
  userInfo: ['settings', 'user-info'] as const,
  userSettings: ['settings', 'user-settings'] as const,
  devices: ['settings', 'devices'] as const,
  sessions: ['settings', 'sessions'] as const,
  securityLog: ['settings', 'security-log'] as const,
  confirmedPhones: ['settings', 'confirmed-phones'] as const,
  authenticator: ['settings', 'authenticator'] as const,
  dataExport: ['settings', 'data-export'] as const,
  dataRequests: ['settings', 'data-requests'] as const,
  consents: ['settings', 'consents'] as const,
};
