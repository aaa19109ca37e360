import { chatChannels, isChatImage, type ChatChannel, type ChatChannelStates } from '@pharma/contracts';
import type { Config } from '../../config.js';
import type { ChatFile } from './chat-files.js';

/** Telegram takes a caption of at most this many characters with a file; a longer text follows it as a message. */
const telegramCaptionLength = 1024;

/** POSTs JSON or a multipart form; answers whether the channel took it (2xx). */
async function post(url: string, body: FormData | object): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      ...(body instanceof FormData ? { body } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(body instanceof FormData ? 60_000 : 10_000),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

const fileBlob = (file: ChatFile) => new Blob([new Uint8Array(file.data)], { type: file.contentType });

/** Through the company bot: sendMessage, or sendPhoto (a JPEG, PNG or WebP) / sendDocument (anything else) as multipart with the caption. */
async function sendTelegram(config: Config, chatId: string, text: string, file: ChatFile | undefined): Promise<boolean> {
  if (!config.TELEGRAM_BOT_TOKEN) return false;
  const api = `${config.TELEGRAM_API_URL.replace(/\/$/, '')}/bot${config.TELEGRAM_BOT_TOKEN}`;
  if (!file) return post(`${api}/sendMessage`, { chat_id: chatId, text });
  const photo = file.contentType === 'image/jpeg' || file.contentType === 'image/png' || file.contentType === 'image/webp';
  const captioned = text.length <= telegramCaptionLength;
  const form = new FormData();
  form.set('chat_id', chatId);
  if (text && captioned) form.set('caption', text);
  form.set(photo ? 'photo' : 'document', fileBlob(file), file.name);
  if (!(await post(`${api}/${photo ? 'sendPhoto' : 'sendDocument'}`, form))) return false;
  return captioned || post(`${api}/sendMessage`, { chat_id: chatId, text });
}

/** Through Meta's Send API: a text, or the file uploaded as an attachment (image or file) and then the text, if any. */
async function sendMeta(config: Config, recipient: string, text: string, file: ChatFile | undefined): Promise<boolean> {
  if (!config.META_PAGE_TOKEN) return false;
  const url = `${config.META_GRAPH_URL.replace(/\/$/, '')}/me/messages?access_token=${encodeURIComponent(config.META_PAGE_TOKEN)}`;
  if (file) {
    const form = new FormData();
    form.set('recipient', JSON.stringify({ id: recipient }));
    form.set('messaging_type', 'RESPONSE');
    form.set('message', JSON.stringify({ attachment: { type: isChatImage(file.contentType) ? 'image' : 'file', payload: { is_reusable: false } } }));
    form.set('filedata', fileBlob(file), file.name);
    if (!(await post(url, form))) return false;
    if (!text) return true;
  }
  return post(url, { recipient: { id: recipient }, messaging_type: 'RESPONSE', message: { text } });
}

/**
 * Sends a reply to a client through their channel: Telegram through the company bot's Bot API
 * (TELEGRAM_API_URL, TELEGRAM_BOT_TOKEN), Instagram and Facebook through Meta's Send API
 * (META_GRAPH_URL, META_PAGE_TOKEN), with its file if it has one. Answers whether the channel took it;
 * a channel not configured takes nothing.
 */
export async function sendToClient(config: Config, channel: ChatChannel, externalId: string, text: string, file?: ChatFile): Promise<boolean> {
  return channel === 'telegram' ? sendTelegram(config, externalId, text, file) : sendMeta(config, externalId, text, file);
}

/** Which channels the configuration connects: Telegram with the bot's token; Instagram and Facebook with Meta's secret, verify token and page token. */
export function channelStates(config: Config): ChatChannelStates {
  const meta = !!(config.META_APP_SECRET && config.META_VERIFY_TOKEN && config.META_PAGE_TOKEN);
  const webhookUrl = config.PUBLIC_URL ? `${config.PUBLIC_URL.replace(/\/$/, '')}/api/social/meta/webhook` : null;
  return {
    items: chatChannels.map((channel) =>
      channel === 'telegram' ? { channel, connected: !!config.TELEGRAM_BOT_TOKEN, webhookUrl: null } : { channel, connected: meta, webhookUrl },
    ),
  };
}

/** How long the name's lookup may take: the webhook has answered already, but a lookup is not left hanging. */
const profileTimeoutMs = 5_000;

/**
 * A Messenger or Instagram client's name from Meta's Graph API (`GET {META_GRAPH_URL}/{id}` with
 * META_PAGE_TOKEN: `fields=name` for a PSID, `name,username` for an IGSID — the name, else @username),
 * or null when Meta is not configured, does not answer in time or gives none.
 */
export async function metaProfileName(config: Config, channel: 'facebook' | 'instagram', id: string): Promise<string | null> {
  if (!config.META_PAGE_TOKEN || !/^[0-9A-Za-z_-]{1,100}$/.test(id)) return null;
  const fields = channel === 'instagram' ? 'name,username' : 'name';
  const url = `${config.META_GRAPH_URL.replace(/\/$/, '')}/${encodeURIComponent(id)}?fields=${fields}&access_token=${encodeURIComponent(config.META_PAGE_TOKEN)}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(profileTimeoutMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as { name?: unknown; username?: unknown };
    const name = typeof body.name === 'string' ? body.name : typeof body.username === 'string' && body.username ? `@${body.username}` : '';
    const clean = name
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .slice(0, 200);
    return clean || null;
  } catch {
    return null;
  }
}
