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
  telephonyExtensionList,
  telephonySettings,
} from '../calls.js';

/** Calls and telephony (issue 18 item 2). */
export const callsEndpoints = {
  list: endpoint({ method: 'GET', path: '/calls', access: 'calls.view', summary: 'Call log', query: listCallsQuery, answer: callList }),
  note: endpoint({ method: 'PUT', path: '/calls/:id/note', access: 'calls.edit', summary: 'Call note', params: idParam, body: callNoteBody, answer: call }),
  originate: endpoint({
    method: 'POST',
    path: '/calls/originate',
    access: 'calls.edit',
    summary: 'Click-to-call',
    body: originateBody,
    answer: originated,
    status: 202,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/telephony/settings',
    access: 'calls.view',
    summary: 'Telephony settings',
    answer: telephonySettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/telephony/settings',
    access: 'telephony.edit',
    summary: 'Telephony adapter',
    body: saveTelephonyBody,
    answer: telephonySettings,
  }),
  extensions: endpoint({ method: 'GET', path: '/telephony/extensions', access: 'telephony.view', summary: 'Extensions', answer: telephonyExtensionList }),
  saveExtension: endpoint({
    method: 'PUT',
    path: '/telephony/extension',
    access: 'calls.view',
    summary: 'Extension',
    body: saveExtensionBody,
    answer: telephonySettings,
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/telephony/webhook',
    access: 'public',
    summary: 'PBX call event (HMAC-signed)',
    headers: z.object({ 'x-signature': z.string().optional(), 'x-timestamp': z.string().optional() }),
    body: callEvent,
    answer: callEventAccepted,
  }),
};
