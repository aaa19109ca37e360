import { paths } from '../../../lib/paths';

export const articlePath = (id: number) => paths.knowledgeArticle.replace(':id', String(id));
export const articleEditPath = (id: number) => paths.knowledgeArticleEdit.replace(':id', String(id));
