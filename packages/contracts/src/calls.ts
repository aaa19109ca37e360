import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, queryId, recordId } from './common/validation.js';

/** Calls and telephony (issue 18 item 2). */
export const callDirections = ['in', 'out'] as const;
export type CallDirection = (typeof callDirections)[number];
export const callOutcomes = ['answered', 'missed', 'busy'] as const;
export type CallOutcome = (typeof callOutcomes)[number];
/** A call's life as a PBX reports it; a later state never goes back to an earlier one. */
export const callStates = ['ringing', 'answered', 'ended'] as const;
export type CallState = (typeof callStates)[number];
/** How telephony is connected (Settings → Telephony): none, a cloud PBX's webhook, or Asterisk's Manager Interface. */
export const telephonyAdapters = ['none', 'generic', 'asterisk'] as const;
export type TelephonyAdapter = (typeof telephonyAdapters)[number];
/** What a call's number was matched to. */
export const callMatchTypes = ['organization', 'doctor', 'lead', 'user'] as const;
export type CallMatchType = (typeof callMatchTypes)[number];
/** What click-to-call is started from. */
export const callSubjectTypes = ['organization', 'doctor', 'lead', 'order'] as const;
export type CallSubjectType = (typeof callSubjectTypes)[number];

/** A webhook's X-Timestamp older or newer than this is refused (a replayed request). */
export const telephonyWebhookMaxSkewSeconds = 300;
export const telephonySignatureHeader = 'x-signature';
export const telephonyTimestampHeader = 'x-timestamp';

export const callMatch = z.object({ type: z.enum(callMatchTypes), id: z.number().int(), name: z.string() });
export type CallMatch = z.infer<typeof callMatch>;

export const call = z.object({
  id: z.number().int(),
  direction: z.enum(callDirections),
  state: z.enum(callStates),
  from: z.string(),
  to: z.string(),
  /** the client's side of the call, normalised (+998…) when it is an Uzbek number */
  phone: z.string().nullable(),
  startedAt: z.string(),
  durationSeconds: z.number().int(),
  outcome: z.enum(callOutcomes).nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  match: callMatch.nullable(),
  organizationId: z.number().int().nullable(),
  recordingUrl: z.string().nullable(),
  note: z.string().nullable(),
  taskId: z.number().int().nullable(),
});
export type Call = z.infer<typeof call>;

export const listCallsQuery = pageQuery.extend({
  direction: z.enum(callDirections).optional(),
  outcome: z.enum(callOutcomes).optional(),
  userId: queryId().optional(),
  organizationId: queryId().optional(),
  doctorId: queryId().optional(),
  dateFrom: z.iso.date({ error: 'invalidDate' }).optional(),
  dateTo: z.iso.date({ error: 'invalidDate' }).optional(),
});
export const callList = paged(call);
export type CallList = z.infer<typeof callList>;

export const callNoteBody = z.object({ note: optionalText(2000) });
export type CallNoteBody = z.input<typeof callNoteBody>;

/** POST /api/calls/originate: the PBX rings the user's extension first, then the number. */
export const originateBody = z.object({
  phone: z.string().trim().min(1, { error: 'required' }).max(60),
  subject: z.object({ type: z.enum(callSubjectTypes), id: recordId() }).optional(),
});
export type OriginateBody = z.input<typeof originateBody>;
export const originated = z.object({ extension: z.string(), phone: z.string() });

/**
 * A call recording's address: http(s) only — the app plays and links it, so a `javascript:`, `data:` or
 * `file:` address is refused (a field error on the webhook; dropped from Asterisk's events).
 */
export const recordingUrl = z.url({ protocol: /^https?$/, error: 'httpUrlOnly' }).max(2000);
/** Whether an address is one the app may play as a recording (recordingUrl's rule, for code that has a string). */
export const isRecordingUrl = (value: string | null | undefined): value is string => !!value && recordingUrl.safeParse(value).success;

/** A PBX's call event (the generic webhook, HMAC-signed): one call id, many events (ringing → answered → ended). */
export const callEvent = z.object({
  callId: z.string().trim().min(1).max(200),
  event: z.enum(callStates),
  direction: z.enum(callDirections),
  from: z.string().trim().min(1).max(100),
  to: z.string().trim().min(1).max(100),
  /** the user's extension that rang or dialled, when the PBX knows it */
  extension: z.string().trim().max(40).optional(),
  startedAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * when this event happened (default: when it arrives): an 'answered' event's is kept, and an 'ended'
   * one without durationSeconds makes the duration the time from that answer to this end
   */
  at: z.iso.datetime({ offset: true }).optional(),
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
  outcome: z.enum(callOutcomes).optional(),
  recordingUrl: recordingUrl.optional(),
});
export type CallEvent = z.infer<typeof callEvent>;
export const callEventAccepted = z.object({ id: z.number().int(), state: z.enum(callStates) });

export const extension = z
  .string()
  .trim()
  .regex(/^[0-9*#]{1,20}$/, { error: 'invalidOption' });
export const telephonySettings = z.object({
  adapter: z.enum(telephonyAdapters),
  /** the signed-in user's extension */
  extension: z.string().nullable(),
  /** the webhook's address and whether its secret is configured (TELEPHONY_WEBHOOK_SECRET) */
  webhookPath: z.string(),
  webhookSecretSet: z.boolean(),
});
export type TelephonySettings = z.infer<typeof telephonySettings>;
/** Settings → Telephony: every user's extension (telephony.view). */
export const telephonyExtensionList = z.object({
  items: z.array(z.object({ userId: z.number().int(), userName: z.string(), extension: z.string() })),
});
export type TelephonyExtensionList = z.infer<typeof telephonyExtensionList>;
export const saveTelephonyBody = z.object({ adapter: z.enum(telephonyAdapters) });
export const saveExtensionBody = z.object({ userId: recordId().optional(), extension: extension.nullable() });
export type SaveExtensionBody = z.input<typeof saveExtensionBody>;

/** What the notification stream signals to the user whose extension rings: the matched card, or 'new lead'. */
export const incomingCallSignal = z.object({
  signal: z.literal('incomingCall'),
  callId: z.number().int(),
  phone: z.string(),
  match: callMatch.nullable(),
});
export type IncomingCallSignal = z.infer<typeof incomingCallSignal>;
