import { chatChannels, type ChatChannel, type ChatChannelStates } from '@pharma/contracts';
import type { Config } from '../../config.js';

/**
 * Sends a reply to a client through their channel: Telegram through the company bot's Bot API
 * (TELEGRAM_API_URL, TELEGRAM_BOT_TOKEN), Instagram and Facebook through Meta's Send API
 * (META_GRAPH_URL, META_PAGE_TOKEN). Answers whether the channel took it; a channel not configured
 * takes nothing.
 */
export async function sendToClient(config: Config, channel: ChatChannel, externalId: string, text: string): Promise<boolean> {
  const request =
    channel === 'telegram'
      ? config.TELEGRAM_BOT_TOKEN && {
          url: `${config.TELEGRAM_API_URL.replace(/\/$/, '')}/bot${config.TELEGRAM_BOT_TOKEN}/sendMessage`,
          body: { chat_id: externalId, text },
        }
      : config.META_PAGE_TOKEN && {
          url: `${config.META_GRAPH_URL.replace(/\/$/, '')}/me/messages?access_token=${encodeURIComponent(config.META_PAGE_TOKEN)}`,
          body: { recipient: { id: externalId }, messaging_type: 'RESPONSE', message: { text } },
        };
  if (!request) return false;
  try {
    const res = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch {
    return false;
  }
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
