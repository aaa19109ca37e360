import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  defaultHoldMaxUnits,
  defaultOfflineDays,
  defaultSupportPhone,
  defaultVisitHoldHours,
  defaultVisitReminderMinutes,
  maxHoldMinutes,
} from '@pharma/contracts';

/** The repository root: defaults (data folder, web build) are relative to it, whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isAddressOrCidr(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which peer may tell the client's address (X-Forwarded-For) and protocol (X-Forwarded-Proto), decision 030:
 * unset, `off` or `0` — nobody (the socket's address counts); a number — that many proxy hops in front of the
 * server; otherwise a comma-separated list of addresses or CIDR ranges (or `loopback`, `linklocal`,
 * `uniquelocal`). `true` (trust anyone) is refused: anyone could then pose as any address.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'off' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = value === 'true' ? ['true'] : entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `a hop count, or addresses/CIDR ranges separated by commas (not: ${bad.join(', ') || value})` });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** a real PostgreSQL server; when absent the embedded PGlite in DATA_DIR is used */
  DATABASE_URL: z.preprocess(emptyIsUnset, z.string().min(1).optional()),
  /** a PostgreSQL read replica the reports and statistics read from (the primary when absent) */
  DATABASE_READ_URL: z.preprocess(emptyIsUnset, z.string().min(1).optional()),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** signs access tokens; required in production, generated and kept in DATA_DIR otherwise */
  JWT_SECRET: z.preprocess(emptyIsUnset, z.string().min(32).optional()),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(43_200).default(720),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** demo: fill an empty database with demo data on start; none: reference data only */
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** the reverse proxies allowed to tell the client's address and protocol; off by default (decision 030) */
  TRUST_PROXY: trustProxySchema,
  /** failed sign-ins allowed per login in the window (then 429 for that login) */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** failed sign-ins allowed per address in the window: far higher, an office or a carrier NAT shares one (decision 031) */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** API requests per minute per signed-in user (the token's subject) */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** API requests per minute per address without a valid token (sign-in, health, refused requests) */
  API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** how often expired reservation holds are released; 0 turns the sweeper off */
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** minutes before a planned visit's start when its rep is reminded (a notification) */
  VISIT_REMINDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(defaultVisitReminderMinutes),
  /** how often planned visits about to start are looked for (their reps reminded); 0 turns it off */
  VISIT_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** the most units one user may hold at once (a rep's holds during visits; decision 021) */
  RESERVATION_HOLD_MAX_UNITS: z.coerce.number().int().min(1).max(10_000_000).default(defaultHoldMaxUnits),
  /** hours a reservation made during a visit holds before it releases itself (unless an order confirms it) */
  VISIT_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxHoldMinutes / 60)
    .default(defaultVisitHoldHours),
  /** how often open tasks about to be due are looked for (their assignees reminded); 0 turns it off */
  TASK_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** minutes before a task's due time when its assignee is reminded */
  TASK_REMINDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** the company's Telegram bot (issue 17); without it the Telegram channel is off and Settings says so */
  TELEGRAM_BOT_TOKEN: z.preprocess(emptyIsUnset, z.string().min(10).optional()),
  /** the Bot API's base URL (a local stand-in in tests) */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** this instance asks Telegram for the bot's updates (long polling); with several instances, exactly one should */
  TELEGRAM_POLLING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** how often notifications still waiting for Telegram are looked for (a missed NOTIFY, a failed send) */
  TELEGRAM_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Meta's Graph API (Instagram and Facebook messages of the company's page; a local stand-in in tests) */
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  /** the page's access token for sending replies; without it Instagram and Facebook replies are not sent */
  META_PAGE_TOKEN: z.preprocess(emptyIsUnset, z.string().min(10).optional()),
  /** the app secret Meta signs its webhook with; without it the webhook refuses every call */
  META_APP_SECRET: z.preprocess(emptyIsUnset, z.string().min(8).optional()),
  /** what Meta's subscription check must send as hub.verify_token */
  META_VERIFY_TOKEN: z.preprocess(emptyIsUnset, z.string().min(8).optional()),
  /** how often clients who ordered in the bot are told their orders' new statuses; 0 turns it off */
  CHAT_ORDER_SWEEP_SECONDS: z.coerce.number().int().min(0).default(30),
  /** telephony (issue 18): the secret cloud PBXs sign their call events with (HMAC-SHA256); without it the webhook refuses all */
  TELEPHONY_WEBHOOK_SECRET: z.preprocess(emptyIsUnset, z.string().min(16).optional()),
  /** the generic adapter's click-to-call: the PBX's address that is POSTed { extension, phone } (signed like the webhook) */
  TELEPHONY_PBX_URL: z.preprocess(emptyIsUnset, z.url().optional()),
  /** the Asterisk adapter: its Manager Interface (AMI) address, login and secret */
  TELEPHONY_AMI_HOST: z.preprocess(emptyIsUnset, z.string().min(1).optional()),
  TELEPHONY_AMI_PORT: z.coerce.number().int().min(1).max(65535).default(5038),
  TELEPHONY_AMI_USER: z.preprocess(emptyIsUnset, z.string().min(1).optional()),
  TELEPHONY_AMI_SECRET: z.preprocess(emptyIsUnset, z.string().min(1).optional()),
  /** the dialplan context the called number is dialled in, and the channel that rings the user's extension first */
  TELEPHONY_AMI_CONTEXT: z.string().min(1).default('from-internal'),
  TELEPHONY_AMI_CHANNEL: z.string().min(1).default('PJSIP/{extension}'),
  /**
   * where Asterisk's call recordings are served over http(s): {uniqueid} (the call's first channel),
   * {file} (the MixMonitor file's name, from the Cdr's userfield or the channel variable
   * MIXMONITOR_FILENAME), e.g. https://pbx.example/recordings/{uniqueid}.wav; unset: no links
   */
  ASTERISK_RECORDING_URL: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^https?:\/\/\S+$/i, 'an http(s) address with {uniqueid} or {file}')
      .optional(),
  ),
  /** the app's public address (https://crm.example.uz): Telegram messages link into it; without it they carry no link */
  PUBLIC_URL: z.preprocess(emptyIsUnset, z.url().optional()),
  /** days of planned visits (and their organizations, doctors, prices) a rep's phone keeps for offline use (issue 16) */
  OFFLINE_DAYS: z.coerce.number().int().min(1).max(14).default(defaultOfflineDays),
  /** the most rows one .xlsx export may hold; beyond it the export is refused (422 EXPORT_TOO_LARGE; decision 035) */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  /** .xlsx exports prepared at once; one more is refused with 503 EXPORT_BUSY and Retry-After (decision 035) */
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(2),
  /** the support phone shown on the login page and in the app footer (spec §1); GET /api/app-config hands it out */
  SUPPORT_PHONE: z.string().trim().min(1).max(40).default(defaultSupportPhone),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** address search (Nominatim-style: ?q=&format=jsonv2); empty = none, only the product's own addresses */
  GEOCODER_URL: z.union([z.literal(''), z.url()]).default('https://nominatim.openstreetmap.org/search'),
  /** point → address (Nominatim-style: ?lat=&lon=&format=jsonv2); empty = none */
  GEOCODER_REVERSE_URL: z.union([z.literal(''), z.url()]).default('https://nominatim.openstreetmap.org/reverse'),
  /** an external geocoder slower than this is given up (own results are answered alone) */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** the distributor's own details on every order specification (/print, .xlsx, PDF) */
  DISTRIBUTOR_NAME: z.string().min(1).default('«PHARMA DISTRIBUTION» MChJ'),
  DISTRIBUTOR_INN: z.string().min(1).default('305123456'),
  DISTRIBUTOR_ADDRESS: z.string().min(1).default("Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108"),
  DISTRIBUTOR_PHONE: z.string().min(1).default('+998 71 200-00-00'),
  DISTRIBUTOR_BANK_NAME: z.string().min(1).default('"Kapitalbank" ATB, Toshkent sh. filiali'),
  DISTRIBUTOR_BANK_ACCOUNT: z.string().min(1).default('20208000900123456001'),
  DISTRIBUTOR_BANK_MFO: z.string().min(1).default('01088'),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production (32 characters or more)');
  }
  return parsed.data;
}
