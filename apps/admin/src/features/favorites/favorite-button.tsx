import { ActionIcon, Tooltip } from '@mantine/core';
import { notifyError } from '../../ui/notify.ts';
import { useFavorite, type FavoriteTarget } from './use-favorite.ts';

/** A star that marks a flag or project as one of the signed-in user's favorites; a toggle button for screen readers. */
export function FavoriteButton({ target, favorite }: { target: FavoriteTarget; favorite: boolean }) {
  const change = useFavorite(target);
  const name = target.flagName ?? target.projectId;
  const label = favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={favorite ? 'yellow.8' : 'gray'}
        aria-label={`Favorite ${name}`}
        aria-pressed={favorite}
        loading={change.isPending}
        onClick={() => change.mutate(!favorite, { onError: (e) => notifyError(e, 'change the favorite') })}
      >
        <span aria-hidden>{favorite ? '★' : '☆'}</span>
      </ActionIcon>
    </Tooltip>
  );
}
