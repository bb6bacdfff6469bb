'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { setFavourite } from '../api/casino-api';
import { casinoKeys } from '../api/query-keys';

/**
 * The heart of a tile (signed-in players): pressed when the game is a favourite. The change shows at
 * once and is undone if the server refuses it; every casino list is fetched again after it.
 */
export function FavouriteButton({
  code,
  name,
  favourite,
}: {
  code: string;
  name: string;
  favourite: boolean;
}) {
  const t = useTranslations('casino.tile');
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<boolean | null>(null);
  const pressed = shown ?? favourite;
  const mutation = useMutation({
    mutationFn: (next: boolean) => setFavourite(code, next),
    onMutate: (next) => setShown(next),
    onError: () => setShown(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: casinoKeys.all }),
    onSuccess: () => setShown(null),
  });
  return (
    <button
      type="button"
      className={`-m-1 shrink-0 rounded-full p-1 text-lg leading-none ${pressed ? 'text-danger' : 'text-muted hover:text-white'}`}
      aria-pressed={pressed}
      aria-label={t(pressed ? 'removeFavourite' : 'addFavourite', { name })}
      title={t(pressed ? 'removeFavourite' : 'addFavourite', { name })}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!pressed)}
      data-testid="favourite-button"
    >
      <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>
    </button>
  );
}
