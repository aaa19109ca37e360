import { paths } from '../../../lib/paths';

export const articlePath = (id: number) => paths.knowledgeArticle.replace(':id', String(id));
/** The editor of an article, or of a new one ('new'). */
export const articleEditPath = (id: number | 'new') => paths.knowledgeArticleEdit.replace(':id', String(id));
