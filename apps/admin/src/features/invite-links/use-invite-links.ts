import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { InviteLink } from '../../api/wire.ts';

export function useInviteLinks(enabled: boolean) {
  return useQuery({
    queryKey: ['invite-links'],
    enabled,
    queryFn: async () => (await call('getAllPublicSignupTokens')).tokens,
  });
}

export function useInviteLinkMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['invite-links'] });
  return {
    create: useMutation({
      mutationFn: (body: { name: string; expiresAt: string }) => call('createPublicSignupToken', { body }),
      onSettled,
    }),
    setEnabled: useMutation({
      mutationFn: ({ secret, enabled }: { secret: string; enabled: boolean }) =>
        call('updatePublicSignupToken', { params: { token: secret }, body: { enabled } }),
      onSettled,
    }),
  };
}

/** The link people can use now, if any: enabled and not expired, the newest first. */
export function currentLink(links: InviteLink[], now = Date.now()): InviteLink | undefined {
  return links
    .filter((link) => link.enabled && Date.parse(link.expiresAt) > now)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}
