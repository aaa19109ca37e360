import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';

/** A message the bot sent. */
export interface SentMessage {
  chatId: string;
  text: string;
}

/** A photo or document the bot sent (sendPhoto, sendDocument as multipart). */
export interface SentFile {
  chatId: string;
  method: 'sendPhoto' | 'sendDocument';
  caption: string | null;
  name: string;
  contentType: string;
  data: Buffer;
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
  /** files the bot sent */
  sentFiles: SentFile[];
  /** a user of `chatId` writes `text` to the bot */
  write(chatId: number, text: string, languageCode?: string): void;
  /** a user of `chatId` sends a photo (Telegram's sizes of it: a small one and `data` as the largest) with its caption */
  writePhoto(chatId: number, data: Buffer, caption?: string): void;
  /** a user of `chatId` sends a document with its caption; `size` is what Telegram tells of it (the bytes' length by default) */
  writeDocument(chatId: number, data: Buffer, fileName: string, caption?: string, size?: number): void;
  /** how many files the bot downloaded (GET /file/bot<token>/…) */
  downloads: number;
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
  const sentFiles: SentFile[] = [];
  /** the files users sent: file_id → its path and bytes (getFile, then the download) */
  const files = new Map<string, { path: string; data: Buffer }>();
  let nextFileId = 1;
  const putFile = (data: Buffer, extension: string) => {
    const id = `file-${nextFileId++}`;
    files.set(id, { path: `documents/${id}${extension}`, data });
    return id;
  };
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
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      // a file sent: its fields as strings, its file as {name, type, data}
      const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
      const body: Record<string, unknown> = {};
      const files: Promise<void>[] = [];
      form.forEach((value, key) => {
        if (typeof value === 'string') body[key] = value;
        else files.push(value.arrayBuffer().then((bytes) => void (body[key] = { name: value.name, type: value.type, data: Buffer.from(bytes) })));
      });
      await Promise.all(files);
      return body;
    }
    const text = raw.toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  /** a user's message (its content given) as the next update; wakes the bot's long poll */
  const push = (chatId: number, languageCode: string, content: Record<string, unknown>) => {
    const from = { id: chatId, is_bot: false, first_name: `User ${chatId}`, language_code: languageCode };
    updates.push({
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: from.first_name },
        from,
        ...content,
      },
    });
    for (const wake of [...waiting]) wake();
  };

  const server = createServer(async (req, res) => {
    // the tests' own handle when they run in another process (the e2e journeys): a user writes, what the bot sent
    if (req.url === '/control/write' && req.method === 'POST') {
      const body = await readBody(req);
      standIn.write(Number(body.chatId), String(body.text), typeof body.languageCode === 'string' ? body.languageCode : undefined);
      return answer(res, 200, { ok: true });
    }
    if (req.url?.startsWith('/control/sent')) return answer(res, 200, sent);
    // a file a user sent, read by its path (after getFile)
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(req.url ?? '');
    if (download && req.method === 'GET') {
      const file = [...files.values()].find((f) => f.path === download[2]);
      if (download[1] !== token || !file) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      standIn.downloads += 1;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.data.length });
      return res.end(file.data);
    }
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
      case 'getFile': {
        const file = files.get(String(body.file_id));
        if (!file) return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' });
        return answer(res, 200, {
          ok: true,
          result: { file_id: body.file_id, file_unique_id: body.file_id, file_size: file.data.length, file_path: file.path },
        });
      }
      case 'sendPhoto':
      case 'sendDocument': {
        const chatId = String(body.chat_id);
        if (blocked.has(chatId)) return answer(res, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        const file = body[match[2] === 'sendPhoto' ? 'photo' : 'document'] as { name: string; type: string; data: Buffer } | undefined;
        if (!file?.data) return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: there is no file in the request' });
        sentFiles.push({
          chatId,
          method: match[2],
          caption: typeof body.caption === 'string' ? body.caption : null,
          name: file.name,
          contentType: file.type,
          data: file.data,
        });
        events.emit('sent');
        return answer(res, 200, {
          ok: true,
          result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' } },
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
    sentFiles,
    blocked,
    downloads: 0,
    writePhoto(chatId, data, caption) {
      const big = putFile(data, '.jpg');
      const small = putFile(data.subarray(0, 16), '.jpg');
      push(chatId, 'en', {
        photo: [
          { file_id: small, file_unique_id: small, width: 90, height: 60, file_size: 16 },
          { file_id: big, file_unique_id: big, width: 1280, height: 853, file_size: data.length },
        ],
        ...(caption ? { caption } : {}),
      });
    },
    writeDocument(chatId, data, fileName, caption, size = data.length) {
      const id = putFile(data, fileName.slice(fileName.lastIndexOf('.')));
      push(chatId, 'en', {
        document: { file_id: id, file_unique_id: id, file_name: fileName, file_size: size },
        ...(caption ? { caption } : {}),
      });
    },
    write(chatId, text, languageCode = 'en') {
      const command = /^\/\w+/.exec(text);
      push(chatId, languageCode, { text, ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}) });
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
