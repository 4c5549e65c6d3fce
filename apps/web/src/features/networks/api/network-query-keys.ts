/** Query keys of the networks feature, so mutations can refresh what they changed. */
export const networkQueryKeys = {
  all: ['networks'] as const,
  myNetwork: () => [...networkQueryKeys.all, 'my-network'] as const,
  invitingUser: (code: string, companyId: string) =>
    [...networkQueryKeys.all, 'inviting-user', code, companyId] as const,
};
