import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The variant names a chosen parent flag can serve, to pick from when a dependency asks for variants. */
export function useParentVariants(projectId: string, parent: string | null) {
  return useQuery({
    queryKey: ['flag', projectId, parent, 'parent-variants'],
    enabled: Boolean(parent),
    queryFn: () => call('listParentVariantOptions', { params: { projectId, parent: parent! } }),
  });
}

/** The flags this flag may depend on: same project, not itself, not its own children. */
export function useParentOptions(projectId: string, child: string) {
  return useQuery({
    queryKey: ['flag', projectId, child, 'parents'],
    queryFn: () => call('listParentOptions', { params: { projectId, child } }),
  });
}
