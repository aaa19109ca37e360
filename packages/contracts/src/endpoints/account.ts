import { endpoint } from '../common/endpoint.js';
import { authorizeBody, changePasswordBody, profile, saveLanguageBody, tokenRecord, updateProfileBody } from '../account.js';

/** Signing in and the signed-in user's own account. */
export const accountEndpoints = {
  authorize: endpoint({
    method: 'POST',
    path: '/account/authorize',
    access: 'public',
    summary: 'Sign in (spec §7): the token record on success',
    body: authorizeBody,
    answer: tokenRecord,
  }),
  me: endpoint({ method: 'GET', path: '/account/me', access: 'signedIn', summary: 'The signed-in user and their rights', answer: profile }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/account/profile',
    access: 'signedIn',
    summary: 'Edit own profile',
    body: updateProfileBody,
    answer: profile,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/account/change-password',
    access: 'signedIn',
    summary: 'Change own password: every earlier token stops working; the answer is a new token record for this session',
    body: changePasswordBody,
    answer: tokenRecord,
  }),
  saveLanguage: endpoint({
    method: 'PUT',
    path: '/account/language',
    access: 'signedIn',
    summary: 'The language I chose in the app: the company bot answers me in it',
    body: saveLanguageBody,
    answer: null,
  }),
};
