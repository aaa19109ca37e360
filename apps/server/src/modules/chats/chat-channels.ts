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
