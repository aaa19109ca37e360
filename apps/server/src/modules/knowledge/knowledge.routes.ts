import type { FastifyPluginAsync } from 'fastify';
import { endpoints, maxKnowledgeAttachmentChars } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { createArticle, deleteArticle, getArticle, listArticles, listArticleVersions, restoreArticleVersion, updateArticle } from './knowledge.service.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from './knowledge-categories.service.js';
import { addAttachment, getAttachment, removeAttachment } from './knowledge-attachments.service.js';
import { sendStoredFile } from '../../platform/stored-file.js';

const k = endpoints.knowledge;

export const knowledgeRoutes: FastifyPluginAsync = async (app) => {
  serve(app, k.categories.list, () => listCategories(app.db));
  serve(app, k.categories.create, (req) => createCategory(app.db, req.actor, req.body));
  serve(app, k.categories.update, (req) => updateCategory(app.db, req.actor, req.params.id, req.body));
  serve(app, k.categories.remove, (req) => deleteCategory(app.db, req.actor, req.params.id));
  serve(app, k.articles.list, (req) => listArticles(app.db, req.query));
  serve(app, k.articles.get, (req) => getArticle(app.db, req.params.id));
  serve(app, k.articles.create, (req) => createArticle(app.db, req.actor, req.body));
  serve(app, k.articles.update, (req) => updateArticle(app.db, req.actor, req.params.id, req.body));
  serve(app, k.articles.remove, (req) => deleteArticle(app.db, req.actor, req.params.id));
  serve(app, k.articles.versions, (req) => listArticleVersions(app.db, req.params.id));
  serve(app, k.articles.restore, (req) => restoreArticleVersion(app.db, req.actor, req.params.id, req.params.versionId));
  serve(app, k.articles.addAttachment, (req) => addAttachment(app.db, req.actor, req.params.id, req.body), {
    // base64 of the largest file, and the JSON around it
    bodyLimit: maxKnowledgeAttachmentChars + 64 * 1024,
  });
  serve(app, k.attachments.get, async (req, reply) => {
    const file = await getAttachment(app.db, req.params.id);
    // a PDF is downloaded, an image shown
    const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
    return sendStoredFile(reply, file, disposition);
  });
  serve(app, k.attachments.remove, (req) => removeAttachment(app.db, req.actor, req.params.id));
};
