import '@testing-library/jest-dom/vitest';
// IndexedDB, which jsdom lacks: the phone's queue and kept answers (lib/outbox, lib/day-data) live there
import 'fake-indexeddb/auto';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';

// what antd reads from the browser and jsdom lacks
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
window.scrollTo = () => undefined;
// jsdom's Blob cannot give its bytes (a waybill photo is sent as base64)
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(this);
  });
};
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
// jsdom does not implement pseudo-elements; antd asks for them (scrollbar size)
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  const { i18n, namespaces } = await import('../lib/i18n');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(namespaces);
});

afterEach(() => {
  cleanup();
});
