import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// apart from notifications-api: only the settings page links Telegram, the bell (in every screen) does not
/** A one-time code to send to the company bot (the page reads the settings again until the chat is linked). */
export const useTelegramLink = () => useMutation({ mutationFn: () => api.notifications.telegramLink() });

export function useTelegramUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.notifications.telegramUnlink(),
    onSuccess: (settings) => queryClient.setQueryData(['notifications', 'settings'], settings),
  });
}
