import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { requestLanguage } from '../../platform/error-handler.js';
import { serve } from '../../platform/endpoints.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { getLead, leadBoard, listLeads } from './leads.service.js';
import { checkLeadDuplicates, convertLead, createLead, deleteLead, moveLead, updateLead } from './lead-writes.service.js';
import { createLeadStage, deleteLeadStage, listLeadStages, renameLeadStage, reorderLeadStages } from './lead-stages.service.js';
import { leadStats } from './lead-stats.service.js';
import { importLeads, leadImportTemplate } from './leads.xlsx.js';

const l = endpoints.leads;

export const leadsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, l.list, (req) => listLeads(app.db, req.actor, req.query));
  serve(app, l.board, (req) => leadBoard(app.db, req.actor, req.query));
  serve(app, l.stats, (req) => leadStats(app.db, req.actor, req.query));
  serve(app, l.importTemplate, async (req, reply) => sendXlsx(reply, 'leads-template.xlsx', await leadImportTemplate(requestLanguage(req))));
  serve(app, l.import, (req) => importLeads(app.db, req.actor, req.body.file));
  serve(app, l.checkDuplicates, (req) => checkLeadDuplicates(app.db, req.actor, req.body));
  serve(app, l.get, (req) => getLead(app.db, req.actor, req.params.id));
  serve(app, l.create, (req) => createLead(app.db, req.actor, req.body));
  serve(app, l.update, (req) => updateLead(app.db, req.actor, req.params.id, req.body));
  serve(app, l.remove, (req) => deleteLead(app.db, req.actor, req.params.id));
  serve(app, l.move, (req) => moveLead(app.db, req.actor, req.params.id, req.body));
  serve(app, l.convert, (req) => convertLead(app.db, req.actor, req.params.id, req.body));
  serve(app, l.stages.list, () => listLeadStages(app.db));
  serve(app, l.stages.create, (req) => createLeadStage(app.db, req.actor, req.body));
  serve(app, l.stages.update, (req) => renameLeadStage(app.db, req.actor, req.params.id, req.body));
  serve(app, l.stages.reorder, (req) => reorderLeadStages(app.db, req.actor, req.body));
  serve(app, l.stages.remove, (req) => deleteLeadStage(app.db, req.actor, req.params.id));
};
