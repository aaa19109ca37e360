import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import {
  call,
  callEvent,
  callEventAccepted,
  callList,
  callNoteBody,
  listCallsQuery,
  originateBody,
  originated,
  saveExtensionBody,
  saveTelephonyBody,
  telephonySettings,
} from '../calls.js';

/** Calls and telephony (issue 18 item 2). */
export const callsEndpoints = {
  list: endpoint({ method: 'GET', path: '/calls', access: 'calls.view', summary: 'The call log in scope', query: listCallsQuery, answer: callList }),
  note: endpoint({ method: 'PUT', path: '/calls/:id/note', access: 'calls.edit', summary: 'A call’s note', params: idParam, body: callNoteBody, answer: call }),
  originate: endpoint({
    method: 'POST',
    path: '/calls/originate',
    access: 'calls.edit',
    summary: 'Click-to-call: the PBX rings the user’s extension, then the number',
    body: originateBody,
    answer: originated,
    status: 202,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/telephony/settings',
    access: 'calls.view',
    summary: 'Telephony: the adapter and my extension',
    answer: telephonySettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/telephony/settings',
    access: 'telephony.edit',
    summary: 'Choose the telephony adapter',
    body: saveTelephonyBody,
    answer: telephonySettings,
  }),
  saveExtension: endpoint({
    method: 'PUT',
    path: '/telephony/extension',
    access: 'calls.view',
    summary: 'A user’s extension (one’s own; another’s with telephony.edit)',
    body: saveExtensionBody,
    answer: telephonySettings,
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/telephony/webhook',
    access: 'public',
    summary: 'A cloud PBX’s call event, signed: X-Signature = hex HMAC-SHA256 of "X-Timestamp.body"',
    headers: z.object({ 'x-signature': z.string().optional(), 'x-timestamp': z.string().optional() }),
    body: callEvent,
    answer: callEventAccepted,
  }),
};
