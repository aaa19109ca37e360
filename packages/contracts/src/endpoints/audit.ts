import { endpoint } from '../common/endpoint.js';
import { auditList, listAuditQuery } from '../audit.js';

/** Who changed what. */
export const auditEndpoints = {
  list: endpoint({ method: 'GET', path: '/audit', access: 'audit.view', summary: 'Who changed what, newest first', query: listAuditQuery, answer: auditList }),
};
