import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';

/** A message the bot sent. */
export interface SentMessage {
  chatId: string;
  text: string;
}

/**
 * A small local Telegram Bot API (issue 17): the methods the company bot calls — getMe, deleteWebhook,
 * getUpdates (long polling), sendMessage — on `http://127.0.0.1:<port>/bot<token>/<method>`, so the
 * tests never reach the internet. `write` is a user typing to the bot; `sent` is what the bot answered.
 */
export interface TelegramStandIn {
  url: string;
  token: string;
  username: string;
  sent: SentMessage[];
  /** chats whose user blocked the bot: sendMessage answers 403 */
  blocked: Set<string>;
  /** a user of `chatId` writes `text` to the bot */
  write(chatId: number, text: string, languageCode?: string): void;
  /** the first message to `chatId` after the `from`th one that `match` accepts (waits for it, at most `timeoutMs`) */
  nextTo(chatId: number, match?: (text: string) => boolean, from?: number, timeoutMs?: number): Promise<string>;
  /** how many messages went to `chatId` */
  countTo(chatId: number): number;
  close(): Promise<void>;
}

export async function startTelegramStandIn(port = 0): Promise<TelegramStandIn> {
  const token = '123456:stand-in-token-for-tests';
  const username = 'pharma_test_bot';
  const sent: SentMessage[] = [];
  const blocked = new Set<string>();
  const events = new EventEmitter();
  events.setMaxListeners(100);
  let updates: { update_id: number; message: unknown }[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1;
  const waiting = new Set<() => void>();

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    if (res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const server = createServer(async (req, res) => {
    // the tests' own handle when they run in another process (the e2e journeys): a user writes, what the bot sent
    if (req.url === '/control/write' && req.method === 'POST') {
      const body = await readBody(req);
      standIn.write(Number(body.chatId), String(body.text), typeof body.languageCode === 'string' ? body.languageCode : undefined);
      return answer(res, 200, { ok: true });
    }
    if (req.url?.startsWith('/control/sent')) return answer(res, 200, sent);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    if (match[1] !== token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const body = await readBody(req);
    switch (match[2]) {
      case 'getMe':
        return answer(res, 200, {
          ok: true,
          result: {
            id: 999,
            is_bot: true,
            first_name: 'Pharma',
            username,
            can_join_groups: false,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        });
      case 'deleteWebhook':
        return answer(res, 200, { ok: true, result: true });
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        updates = updates.filter((u) => u.update_id >= offset);
        const reply = () => answer(res, 200, { ok: true, result: updates.slice(0, Number(body.limit ?? 100)) });
        if (updates.length || !Number(body.timeout)) return reply();
        // long polling: held until a user writes, or the bot's timeout
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          reply();
        };
        const timer = setTimeout(wake, Number(body.timeout) * 1000);
        waiting.add(wake);
        req.on('close', () => {
          clearTimeout(timer);
          waiting.delete(wake);
        });
        return;
      }
      case 'sendMessage': {
        const chatId = String(body.chat_id);
        if (blocked.has(chatId)) return answer(res, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        sent.push({ chatId, text: String(body.text) });
        events.emit('sent');
        return answer(res, 200, {
          ok: true,
          result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, text: body.text },
        });
      }
      default:
        return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  const standIn: TelegramStandIn = {
    url: `http://127.0.0.1:${address.port}`,
    token,
    username,
    sent,
    blocked,
    write(chatId, text, languageCode = 'en') {
      const command = /^\/\w+/.exec(text);
      const from = { id: chatId, is_bot: false, first_name: `User ${chatId}`, language_code: languageCode };
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: from.first_name },
          from,
          text,
          ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
        },
      });
      for (const wake of [...waiting]) wake();
    },
    nextTo(chatId, match = () => true, from = 0, timeoutMs = 10_000) {
      const find = () => sent.slice(from).find((m) => m.chatId === String(chatId) && match(m.text));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          events.off('sent', check);
          resolve(found.text);
        };
        const timer = setTimeout(() => {
          events.off('sent', check);
          reject(new Error(`no message to chat ${chatId} within ${timeoutMs} ms; sent: ${JSON.stringify(sent.slice(from))}`));
        }, timeoutMs);
        events.on('sent', check);
        check();
      });
    },
    countTo: (chatId) => sent.filter((m) => m.chatId === String(chatId)).length,
    async close() {
      for (const wake of [...waiting]) wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
