import type { TFunction } from 'i18next';
import { notificationPath, notificationText as textOf, type Notification } from '@pharma/contracts';

/** A notification in the user's language (the contracts' wording, which the company bot uses too). */
export function notificationText(t: TFunction, n: Notification): { text: string; detail?: string } {
  return textOf((key, params) => t(key, params), n);
}

/** The screen a notification opens, when the thing it is about has one. */
export function notificationHref(n: Notification): string | null {
  return notificationPath(n);
}
