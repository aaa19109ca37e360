/** The query keys of the desktop; every key starts with the domain ('desktop'). */
export const desktopKeys = {
  all: ['desktop'] as const,
  figures: ['desktop', 'figures'] as const,
  exceptions: ['desktop', 'exceptions'] as const,
  orderQueue: ['desktop', 'order-queue'] as const,
  targets: ['desktop', 'targets'] as const,
};
