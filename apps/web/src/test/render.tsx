import type { ReactElement, ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, expect } from 'vitest';
import type { Permission, Role, TokenRecord } from '@pharma/contracts';
import { Providers } from '../app/providers';
import { eraseOutbox } from '../lib/outbox';
import { logout, signIn } from '../lib/session';

export interface RecordedRequest {
  method: string;
  /** the path without the query, e.g. /api/organizations */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = unknown | ((request: RecordedRequest) => unknown);
interface Route {
  method: string;
  path: string | RegExp;
  answer: Answer;
  status: number;
}

/** A fetch stand-in answering /api/... calls from fixtures, recording each call; an unanswered call fails the test. */
export function stubNetwork() {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  const unanswered: string[] = [];
  const original = globalThis.fetch;

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const raw = init?.body;
    const body: unknown = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const request: RecordedRequest = { method, path: url.pathname, query: url.searchParams, body };
    requests.push(request);
    // the last registered answer wins, so a test can override a default
    const route = [...routes].reverse().find((r) => r.method === method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)));
    if (!route) {
      unanswered.push(`${method} ${url.pathname}${url.search}`);
      return new Response(JSON.stringify({ code: 'UNANSWERED', message: `No stub for ${method} ${url.pathname}` }), { status: 599 });
    }
    const value = typeof route.answer === 'function' ? (route.answer as (r: RecordedRequest) => unknown)(request) : route.answer;
    return new Response(value === undefined ? null : JSON.stringify(value), {
      status: route.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  return {
    /** Answers `method path` (exact /api/... path or a pattern) with a body or a function of the request. */
    answer(method: string, path: string | RegExp, answer: Answer, status = 200) {
      routes.push({ method: method.toUpperCase(), path, answer, status });
    },
    requests,
    /** The requests made to `method path`. */
    calls(method: string, path: string | RegExp) {
      return requests.filter((r) => r.method === method.toUpperCase() && (typeof path === 'string' ? r.path === path : path.test(r.path)));
    },
    unanswered,
    restore() {
      globalThis.fetch = original;
    },
  };
}

export type Network = ReturnType<typeof stubNetwork>;

let active: Network | undefined;
afterEach(async () => {
  const network = active;
  active = undefined;
  // nothing a test queued on the "phone" is sent in the next one
  await eraseOutbox();
  network?.restore();
  logout();
  if (network) expect(network.unanswered, 'calls without a stubbed answer').toEqual([]);
});

export function signedInAs(role: Role, grants: Permission[] = [], userId = 1): TokenRecord {
  const record: TokenRecord = {
    access_token: 'test-token',
    grants,
    expires: new Date(Date.now() + 3_600_000).toISOString(),
    user: { id: userId, fullName: 'Test User', login: 'test', role, position: '', scope: 'all' },
  };
  signIn(record);
  return record;
}

export interface RenderOptions {
  role?: Role;
  grants?: Permission[];
  route?: string;
  /** answers registered before the first render (queries fire on mount) */
  network?: Network;
}

// antd's styles go to a detached node: jsdom resolves every stylesheet in the document on each getComputedStyle, which role
// queries call for every ancestor, and antd's thousands of rules made one query on a large form take seconds
const antdStyles = document.createElement('div');

/** Renders inside the app's providers with a fresh query client (no retries), a router, a session and a stubbed network. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const network = options.network ?? stubNetwork();
  active = network;
  signedInAs(options.role ?? 'admin', options.grants ?? []);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StyleProvider container={antdStyles}>
      <Providers>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
        </QueryClientProvider>
      </Providers>
    </StyleProvider>
  );
  const user = userEvent.setup();
  return Object.assign(render(ui, { wrapper }), { network, user });
}
