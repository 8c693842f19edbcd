import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Tag } from '../../api/wire.ts';
import type { TagType } from '../../api/wire.ts';

/** Every tag, or only those of one type when `type` is given. */
export function useTags(type?: string | null) {
  return useQuery({
    queryKey: ['tags', type ?? ''],
    queryFn: async () =>
      (type ? await call('getTagsByType', { params: { type } }) : await call('getTags')).tags,
  });
}

export function useTagTypes() {
  return useQuery({
    queryKey: ['tag-types'],
    queryFn: async () => (await call('getTagTypes')).tagTypes,
  });
}

/** The server's rule for tag values and tag type names: 2 to 50 characters. */
export function tagPartProblem(value: string, what: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length < 2) return `A ${what} needs at least 2 characters`;
  if (trimmed.length > 50) return `A ${what} can have at most 50 characters`;
  return undefined;
}

export const tagLabel = (tag: Tag) => `${tag.type}:${tag.value}`;

export function parseTag(label: string): Tag | undefined {
  const at = label.indexOf(':');
  if (at <= 0 || at === label.length - 1) return undefined;
  return { type: label.slice(0, at), value: label.slice(at + 1) };
}

export function useTagMutations() {
  const queryClient = useQueryClient();
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['tags'] });
    void queryClient.invalidateQueries({ queryKey: ['tag-types'] });
  };
  return {
    createTag: useMutation({ mutationFn: (tag: Tag) => call('createTag', { body: tag }), onSuccess: done }),
    deleteTag: useMutation({ mutationFn: (tag: Tag) => call('deleteTag', { params: tag }), onSuccess: done }),
    saveTagType: useMutation({
      mutationFn: ({ existing, ...body }: TagType & { existing: boolean }) =>
        existing
          ? call('updateTagType', {
              params: { name: body.name },
              body: { description: body.description ?? '' },
            })
          : call('createTagType', { body }),
      onSuccess: done,
    }),
    deleteTagType: useMutation({
      mutationFn: (name: string) => call('deleteTagType', { params: { name } }),
      onSuccess: done,
    }),
  };
}
