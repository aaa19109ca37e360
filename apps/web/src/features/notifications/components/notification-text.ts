import type { TFunction } from 'i18next';
import { notificationPath, notificationText as textOf, type Notification } from '@pharma/contracts';
import { formatTime } from '../../../lib/format';

/** A notification in the user's language (the contracts' wording, which the company bot uses too). */
export function notificationText(t: TFunction, n: Notification): { text: string; detail?: string } {
  return textOf((key, params) => t(key, params), n, formatTime);
}

/**
 * The screen a notification opens, when the thing it is about has one at an address of its own. A
 * visit's has none (its screen is reached through its organization): the list opens it by its id.
 */
export function notificationHref(n: Notification): string | null {
  return notificationPath(n);
}
