import { extname } from 'node:path';
import { chatAttachmentTypes, maxChatAttachmentBytes, type ChatAttachmentType, type NewChatAttachment } from '@pharma/contracts';
import type { Config } from '../../config.js';
import { fieldError } from '../../platform/errors.js';

/** A file of a conversation as it is kept: its name, the type its bytes say, its size and bytes. */
export interface ChatFile {
  name: string;
  contentType: ChatAttachmentType;
  size: number;
  data: Buffer;
}

const starts = (d: Buffer, bytes: number[], at = 0) => d.length >= at + bytes.length && bytes.every((b, i) => d[at + i] === b);
const ascii = (d: Buffer, text: string, at = 0) => d.subarray(at, at + text.length).toString('latin1') === text;

/**
 * The type of a file by its first bytes (never by what the sender says): images and PDF by their
 * signature; Word and Excel by the container (OLE for .doc/.xls, ZIP for .docx/.xlsx) and the name's
 * extension, as the container does not say which. Anything else is unknown (null).
 */
export function sniffChatFile(data: Buffer, name: string): ChatAttachmentType | null {
  if (starts(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'image/webp';
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'image/gif';
  if (ascii(data, '%PDF-')) return 'application/pdf';
  const extension = extname(name).toLowerCase();
  if (starts(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (extension === '.doc') return 'application/msword';
    if (extension === '.xls') return 'application/vnd.ms-excel';
  }
  if (starts(data, [0x50, 0x4b, 0x03, 0x04])) {
    if (extension === '.docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (extension === '.xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  return null;
}

/** A client's file: what its bytes say, or a download of unknown type (kept, never shown inline). */
export function clientFile(name: string, data: Buffer): ChatFile {
  return { name, contentType: sniffChatFile(data, name) ?? 'application/octet-stream', size: data.length, data };
}

/** A file one of ours sends: refused (as the field `attachment.data`) when too large or not of an accepted type by its bytes. */
export function decodeChatAttachment(input: NewChatAttachment): ChatFile {
  const data = Buffer.from(input.data, 'base64');
  if (data.length > maxChatAttachmentBytes) throw fieldError('VALIDATION_FAILED', 'attachment.data', 'attachmentTooLarge');
  const contentType = sniffChatFile(data, input.name);
  if (!contentType || !(chatAttachmentTypes as readonly string[]).includes(contentType))
    throw fieldError('VALIDATION_FAILED', 'attachment.data', 'chatAttachmentType');
  return { name: input.name, contentType, size: data.length, data };
}

/** The body of a response, at most `maxChatAttachmentBytes` (null when larger or unreadable). */
async function readLimited(res: Response): Promise<Buffer | null> {
  if (!res.ok || !res.body) return null;
  if (Number(res.headers.get('content-length') ?? 0) > maxChatAttachmentBytes) {
    await res.body.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > maxChatAttachmentBytes) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** The bytes at a URL (a client's file on Meta's servers), or null when they cannot be had or are too large. */
export async function downloadFile(url: string): Promise<Buffer | null> {
  try {
    return await readLimited(await fetch(url, { signal: AbortSignal.timeout(30_000) }));
  } catch {
    return null;
  }
}

const telegramBase = (config: Config) => config.TELEGRAM_API_URL.replace(/\/$/, '');

/**
 * A file a client sent the company bot: the Bot API's getFile gives its path, the file is then read
 * from `<api>/file/bot<token>/<path>`. Null when the bot is not configured, Telegram refuses, or the
 * file is larger than a conversation keeps (`size` as Telegram tells it spares the download).
 */
export async function telegramFile(config: Config, fileId: string, size?: number): Promise<Buffer | null> {
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token || (size ?? 0) > maxChatAttachmentBytes) return null;
  try {
    const res = await fetch(`${telegramBase(config)}/bot${token}/getFile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_id: fileId }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json()) as { ok?: boolean; result?: { file_path?: string } };
    const path = answer.ok ? answer.result?.file_path : undefined;
    if (!path) return null;
    return await downloadFile(`${telegramBase(config)}/file/bot${token}/${path}`);
  } catch {
    return null;
  }
}

/** What of a Telegram message carries a file: its photo (every size Telegram made of it) or its document. */
export interface TelegramFileMessage {
  message_id: number;
  photo?: { file_id: string; file_size?: number; width: number; height: number }[];
  document?: { file_id: string; file_name?: string; file_size?: number };
}

/**
 * The file of a client's Telegram message: the photo at its largest size, or the document. Answers the
 * file kept, or — when it cannot be read (too large, Telegram refused) — the name to tell of in the text.
 */
export async function telegramMessageFile(config: Config, message: TelegramFileMessage): Promise<{ file: ChatFile | null; name: string }> {
  const largest = message.photo?.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const source = largest ?? message.document;
  const name = largest ? `photo-${message.message_id}.jpg` : (message.document?.file_name ?? `document-${message.message_id}`);
  if (!source) return { file: null, name };
  const data = await telegramFile(config, source.file_id, source.file_size);
  return { file: data ? clientFile(name, data) : null, name };
}
