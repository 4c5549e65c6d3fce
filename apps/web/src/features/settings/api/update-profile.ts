import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type ProfileFormValues, settingsApi } from '@seguridad/contracts/http/settings';
import { uploadWithProgress } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export type ProfileUpdate = {
  fields: Record<keyof ProfileFormValues, string | null | undefined>;
  avatar: File | null;
};

/** `POST /api/v1/user/update`: multipart with the text fields and, when chosen, the avatar. */
export function updateProfile({ fields, avatar }: ProfileUpdate): Promise<OkResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
  if (avatar) form.append('avatar', avatar, avatar.name);
  return uploadWithProgress<OkResponse>(settingsApi.updateProfile.path(), form, { auth: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.userInfo }),
  });
}
